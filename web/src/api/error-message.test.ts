import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { errorToastMessage } from './error-message.ts';

describe('errorToastMessage (spec §8 "Toast errors")', () => {
  it.each([
    ['an explicit message, as is', new ApiError(500, { detail: 'boom', code: 'x' }), 'Case edited', 'Case edited'],
    ['no response', new ApiError(0, null), undefined, 'Lost connection to server. Please try again later.'],
    [
      'a 401',
      new ApiError(401, { detail: 'Token is invalid', code: 'token_not_valid' }),
      undefined,
      'Session expired, please log in again.',
    ],
    [
      'another status: the error message',
      new ApiError(409, { detail: 'Case is already canceled.', code: 'conflict' }),
      undefined,
      'Case is already canceled.',
    ],
    [
      'a 400: the first non-field error',
      new ApiError(400, { nonFieldErrors: ['Dates overlap.'] }),
      undefined,
      'Dates overlap.',
    ],
    ['a plain error', new Error('Disk full'), undefined, 'Disk full'],
    ['nothing', undefined, undefined, 'Ooops... Something went wrong.'],
    ['an error without message', new Error(''), undefined, 'Ooops... Something went wrong.'],
  ])('%s', (_, error, explicit, expected) => {
    expect(errorToastMessage(error, explicit)).toBe(expected);
  });
});
