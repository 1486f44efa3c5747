import { describe, expect, it } from 'vitest';
import { uploadWarnings } from './upload-checks.ts';

describe('uploadWarnings (spec §5 Upload)', () => {
  it.each([
    ['scan.zip', 1_000_000, []],
    ['SCAN.ZIP', 5_000_000, []],
    ['scan.tar', 2_000_000, ["This doesn't look like a zip file."]],
    ['scan.zip', 999_999, ['This file seems too small. (999 kB)']],
    ['scan.zip', 48_213, ['This file seems too small. (48 kB)']],
    ['notes.txt', 1200, ["This doesn't look like a zip file.", 'This file seems too small. (1 kB)']],
  ])('%s of %i bytes warns %j', (name, size, expected) => {
    expect(uploadWarnings({ name, size })).toEqual(expected);
  });
});
