import { type HttpResponseResolver, http } from 'msw';

const METHODS = { GET: http.get, PUT: http.put } as const;

/**
 * An MSW handler for a signed object-storage URL (an upload part's PUT, a mesh or a volume's GET): the
 * browser fetches those from the store, not through the API, so they have no route in the contract's
 * table. An API path is refused: those go through `apiHandler`, typed by the contract.
 */
export function storageHandler(method: keyof typeof METHODS, url: string, resolver: HttpResponseResolver) {
  if (/\/api\/(?!storage\/)/.test(url)) {
    throw new Error(`storageHandler: ${url} is an API path; answer it with apiHandler(routes.<name>, …)`);
  }
  return METHODS[method](url, resolver);
}
