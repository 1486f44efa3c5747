import { describe, expect, it } from 'vitest';
import { mprErrorMessage } from './mpr-messages.ts';

describe('mprErrorMessage', () => {
  it("gives spec §8's message when the volume link is refused or expired", () => {
    expect(mprErrorMessage({ kind: 'access', message: 'HTTP 403' })).toBe(
      "File does not exists or you don't have permission to access it.",
    );
  });

  it('tells a damaged file from a failed download', () => {
    expect(mprErrorMessage({ kind: 'format', message: 'bad magic' })).toMatch(/damaged/);
    expect(mprErrorMessage({ kind: 'network', message: 'HTTP 500' })).toMatch(/could not be downloaded/);
  });
});
