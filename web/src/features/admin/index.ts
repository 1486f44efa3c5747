export { OrganisationsTab } from './organisations/OrganisationsTab.tsx';
export { IncomingRequestsTab, usePendingRegistrationsCount } from './registrations/IncomingRequestsTab.tsx';
export { UsersOrganisationsPage } from './UsersOrganisationsPage.tsx';
