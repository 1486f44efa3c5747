export { displayName, UserMenu } from './UserMenu.tsx';
