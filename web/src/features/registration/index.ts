export { EmailVerificationPage } from './EmailVerificationPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
