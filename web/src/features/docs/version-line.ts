/** Spec header: frontend version 3.3.0, client label CM. */
export const FRONTEND_VERSION = '3.3.0';
export const CLIENT_LABEL = 'CM';

/** Spec §2 Documentation: the version line shows on development builds only. */
export const versionLine = (isDevBuild: boolean): string | null =>
  isDevBuild ? `Version ${FRONTEND_VERSION} (${CLIENT_LABEL}), development build` : null;
