import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  accountFormErrors,
  allErrorMessages,
  applyServerErrors,
  firstFieldMessages,
  flattenFieldErrors,
  topLevelFieldOf,
} from './server-errors.ts';

const fieldFor = (path: string) =>
  /(^|\.)deviceIds$/.test(path) ? 'deviceId' : path === 'patientInformation.age' ? 'patientAge' : null;

const badRequest = new ApiError(400, {
  nonFieldErrors: ['The trial licence allows no more cases.'],
  orders: { '1': { deviceIds: ['A simulation is ordered for exactly one device.'] } },
  patientInformation: { age: ['Ensure this value is less than or equal to 130.'] },
  somethingNew: ['Unexpected.'],
});

describe('server errors on forms (spec §8)', () => {
  it('flattens nested field errors to dotted paths', () => {
    expect(flattenFieldErrors({ a: ['x'], b: { '0': { c: ['y'] } } })).toEqual([
      { path: 'a', messages: ['x'] },
      { path: 'b.0.c', messages: ['y'] },
    ]);
  });

  it('puts device errors on the device select, fields on fields, the rest in alerts', () => {
    const set: Record<string, string> = {};
    const alerts = applyServerErrors(badRequest, fieldFor, (field, message) => {
      set[field] = message;
    });
    expect(set).toEqual({
      deviceId: 'A simulation is ordered for exactly one device.',
      patientAge: 'Ensure this value is less than or equal to 130.',
    });
    expect(alerts).toEqual(['The trial licence allows no more cases.', 'Unexpected.']);
  });

  it('joins the messages of one field, and finds top-level fields for nested errors', () => {
    const set: Record<string, string> = {};
    const error = new ApiError(400, { groups: { '0': ['Unknown group.'], '1': ['Inactive group.'] }, other: ['No.'] });
    const alerts = applyServerErrors(error, topLevelFieldOf(['groups', 'reason']), (field, message) => {
      set[field] = message;
    });
    expect(set).toEqual({ groups: 'Unknown group. Inactive group.' });
    expect(alerts).toEqual(['No.']);
  });

  it('words other failures like an error toast', () => {
    expect(applyServerErrors(new ApiError(0, null), fieldFor, () => {})).toEqual([
      'Lost connection to server. Please try again later.',
    ]);
    expect(allErrorMessages(new ApiError(409, { detail: 'This case is canceled.', code: 'conflict' }))).toEqual([
      'This case is canceled.',
    ]);
  });

  it('lists every message of a refused order', () => {
    expect(allErrorMessages(badRequest)).toEqual([
      'The trial licence allows no more cases.',
      'A simulation is ordered for exactly one device.',
      'Ensure this value is less than or equal to 130.',
      'Unexpected.',
    ]);
  });
});

describe('server errors on the small account forms (spec §8 "Profile and password failures")', () => {
  it("keeps each named field's first message and the first non-field message", () => {
    const error = new ApiError(400, {
      newPassword: ['Too short.', 'Too common.'],
      nonFieldErrors: ['Not now.'],
      x: ['?'],
    });
    expect(firstFieldMessages(error, ['newPassword', 'newPassword2'])).toEqual({
      fields: { newPassword: 'Too short.' },
      form: 'Not now.',
    });
  });

  it('words a 400 with nothing for the named fields as a toast, and leaves other errors to the form', () => {
    expect(firstFieldMessages(new ApiError(400, { other: ['No.'] }), ['email'])).toEqual({
      fields: {},
      form: 'Request failed with status 400',
    });
    expect(firstFieldMessages(new ApiError(401, { detail: 'Wrong password.' }), ['email'])).toBeNull();
  });

  it("shows another answer's own words, and a fixed text when no answer came", () => {
    expect(accountFormErrors(new ApiError(401, { detail: 'Wrong password.' }), ['otp'])).toEqual({
      fields: {},
      form: 'Wrong password.',
    });
    expect(accountFormErrors(new ApiError(0, null), ['otp'])).toEqual({
      fields: {},
      form: 'Something went wrong. Please try again later',
    });
  });
});
