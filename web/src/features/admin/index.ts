export { AdminTabsStandIn } from './AdminTabsStandIn.tsx';
export { OrganisationsTab } from './organisations/OrganisationsTab.tsx';
export { IncomingRequestsTab, usePendingRegistrationsCount } from './registrations/IncomingRequestsTab.tsx';
