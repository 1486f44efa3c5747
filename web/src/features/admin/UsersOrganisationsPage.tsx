import { Badge, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrganisationsTab } from './organisations/OrganisationsTab.tsx';
import { IncomingRequestsTab, usePendingRegistrationsCount } from './registrations/IncomingRequestsTab.tsx';
import { AddUserDialog } from './users/AddUserDialog.tsx';
import { UsersTab } from './users/UsersTab.tsx';

const TABS = ['users', 'incoming', 'organisations'] as const;
type TabName = (typeof TABS)[number];

/** Spec §2 /users-and-organisations: three tabs chosen by the `tab` query. */
export function UsersOrganisationsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabName | null;
  const tab: TabName = requested && TABS.includes(requested) ? requested : 'users';
  const [adding, setAdding] = useState(false);
  const [usersKey, setUsersKey] = useState(0);
  const pending = usePendingRegistrationsCount();

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Users & Organisations
        </Typography>
        {tab === 'users' && (
          <Button variant="contained" onClick={() => setAdding(true)}>
            Add User
          </Button>
        )}
      </Stack>
      <Tabs value={tab} onChange={(_, value: TabName) => setParams({ tab: value })} sx={{ mb: 2 }}>
        <Tab value="users" label="Users" />
        <Tab
          value="incoming"
          label={
            // Spec §2: the incoming requests tab carries a count badge.
            <Badge badgeContent={pending} color="primary" max={999} sx={{ pr: pending ? 1.5 : 0 }}>
              Incoming requests
            </Badge>
          }
        />
        <Tab value="organisations" label="Organisations" />
      </Tabs>
      {tab === 'users' && <UsersTab key={usersKey} />}
      {tab === 'incoming' && <IncomingRequestsTab />}
      {tab === 'organisations' && <OrganisationsTab />}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} onCreated={() => setUsersKey((k) => k + 1)} />
    </Box>
  );
}
