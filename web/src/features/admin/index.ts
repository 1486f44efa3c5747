export { UsersOrganisationsPage } from './UsersOrganisationsPage.tsx';
