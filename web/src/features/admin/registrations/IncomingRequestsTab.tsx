import { Typography } from '@mui/material';

/** Placeholder until the Incoming requests tab of the admin-orgs work is merged. */
export function IncomingRequestsTab() {
  return <Typography color="text.secondary">No incoming requests.</Typography>;
}
