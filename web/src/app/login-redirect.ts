/** `/login?redirect=<where the user was>` so sign-in can bring them back (spec §2 "Authenticated routes"). */
export const loginPathFor = (location: { pathname: string; search: string }): string => {
  const here = location.pathname + location.search;
  return here === '/' || here.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
};
