/**
 * Links in e-mail lead into the web app at its public address. PUBLIC_URL says where that is; without it
 * (a developer's machine) the app is on localhost at PORT, which is what `npm start` prints too.
 */
export const webAppUrl = (config: { publicUrl: string | undefined; port: number }): string =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');

/** A path of the web app (spec §2 routes) under the base; ids are UUIDs and go in as they are. */
export const appLink = (baseUrl: string, path: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** The case detail page, where every notification about a case leads. */
export const caseLink = (baseUrl: string, caseId: string): string => appLink(baseUrl, `case-detail/${caseId}`);
