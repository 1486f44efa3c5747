export { DocumentationPage } from './DocumentationPage.tsx';
export { Markdown } from './markdown/Markdown.tsx';
export { OrganisationContactsList } from './OrganisationContactsList.tsx';
