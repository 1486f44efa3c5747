import { describe, expect, it } from 'vitest';
import { fileNameMatchesCase, uploadWarnings } from './upload-checks.ts';

const CASE = 'HVC-TAVI-0042';

describe('uploadWarnings (spec §5 Upload)', () => {
  it.each([
    ['HVC-TAVI-0042.zip', 1_000_000, []],
    ['HVC-TAVI-0042 SCAN.ZIP', 5_000_000, []],
    ['HVC-TAVI-0042.tar', 2_000_000, ["This doesn't look like a zip file."]],
    ['HVC-TAVI-0042.zip', 999_999, ['This file seems too small. (999 kB)']],
    ['HVC-TAVI-0042.zip', 48_213, ['This file seems too small. (48 kB)']],
    [
      'notes.txt',
      1200,
      [
        "This doesn't look like a zip file.",
        'This file seems too small. (1 kB)',
        "This file's name does not contain the case id HVC-TAVI-0042. Make sure these are the images of this case.",
      ],
    ],
  ])('%s of %i bytes warns %j', (name, size, expected) => {
    expect(uploadWarnings({ name, size }, CASE)).toEqual(expected);
  });

  it('warns, without blocking, when the name does not contain the case id', () => {
    expect(uploadWarnings({ name: 'scan.zip', size: 2_000_000 }, CASE)).toEqual([
      "This file's name does not contain the case id HVC-TAVI-0042. Make sure these are the images of this case.",
    ]);
  });
});

describe('fileNameMatchesCase (spec §5: contains it, case-insensitive)', () => {
  it.each([
    ['HVC-TAVI-0042.zip', true],
    ['hvc-tavi-0042.zip', true],
    ['ct of Hvc-Tavi-0042 (2).zip', true],
    ['HVC-TAVI-00421.zip', true], // contains it: the spec's rule, no more
    ['HVC-TAVI-0043.zip', false],
    ['HVC_TAVI_0042.zip', false],
    ['scan.zip', false],
  ])('%s matches HVC-TAVI-0042: %s', (name, expected) => {
    expect(fileNameMatchesCase(name, CASE)).toBe(expected);
  });
});
