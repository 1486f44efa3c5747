export { ApiError } from './api-error.ts';
export { errorToastMessage, LOST_CONNECTION, SESSION_EXPIRED, SOMETHING_WENT_WRONG } from './error-message.ts';
export { buildUrl, type CallOptions, call, setSessionExpiredHandler } from './http.ts';
export { organisationSearchKeys, searchOrganisations, useOrganisationSearch } from './organisation-search.ts';
export { createQueryClient } from './query-client.ts';
export {
  forgetFramedRefresh,
  forgetSessionEndReason,
  keepHandedSession,
  lastSessionEndReason,
  requestNewPair,
  restoreSession,
} from './refresh-request.ts';
export { regionKeys, useRegions } from './regions.ts';
export {
  accountFormErrors,
  allErrorMessages,
  applyServerErrors,
  type FieldMessage,
  type FormMessages,
  firstFieldMessages,
  flattenFieldErrors,
  topLevelFieldOf,
} from './server-errors.ts';
export { type SessionStatus, type StoredTokens, tokenStore } from './token-store.ts';
