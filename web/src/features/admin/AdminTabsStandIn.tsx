import { Badge, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { OrganisationsTab } from './organisations/OrganisationsTab.tsx';
import { IncomingRequestsTab, usePendingRegistrationsCount } from './registrations/IncomingRequestsTab.tsx';

/**
 * TEMPORARY stand-in for the Users & Organisations page of the admin-users branch, which owns the page
 * shell and the Users tab: it mounts this branch's two tabs so they can be used and tested end to end.
 * Replaced by that page at merge.
 */
export function AdminTabsStandIn() {
  usePageTitle('Users & Organisations');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'organisations' ? 'organisations' : 'incoming';
  const pending = usePendingRegistrationsCount();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Users & Organisations
        </Typography>
        <Tabs value={tab} onChange={(_, value: string) => setParams({ tab: value })}>
          <Tab
            value="incoming"
            label={
              <Badge color="primary" badgeContent={pending} sx={{ pr: 1.5 }}>
                Incoming requests
              </Badge>
            }
          />
          <Tab value="organisations" label="Organisations" />
        </Tabs>
        {tab === 'incoming' ? <IncomingRequestsTab /> : <OrganisationsTab />}
      </Stack>
    </Container>
  );
}
