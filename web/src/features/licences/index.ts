export { LicensesPage } from './LicensesPage.tsx';
export { TemplatesPage } from './TemplatesPage.tsx';
