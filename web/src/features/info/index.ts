export { ContactPage } from './ContactPage.tsx';
export { CookiePolicyPage } from './CookiePolicyPage.tsx';
