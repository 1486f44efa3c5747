import { Typography } from '@mui/material';

/** Placeholder until the Organisations tab of the admin-orgs work is merged. */
export function OrganisationsTab() {
  return <Typography color="text.secondary">No organisations found</Typography>;
}
