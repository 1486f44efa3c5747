import type { UserInfo } from '@cardiomap/contract';
import { createContext, useContext } from 'react';

export const UserContext = createContext<UserInfo | null>(null);

/** The signed-in user; only usable below RequireAuth, which renders nothing until the user is loaded. */
export function useUser(): UserInfo {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser must be used below RequireAuth');
  return user;
}
