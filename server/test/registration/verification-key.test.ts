import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newVerificationKey,
  parseVerificationKey,
  verifierMatches,
} from '../../src/modules/registration/verification-key.ts';

describe('verification keys', () => {
  it('are a 96-bit selector and a 256-bit verifier, the verifier stored only as its SHA-256', () => {
    const { key, selector, verifierHash } = newVerificationKey();
    const parsed = parseVerificationKey(key);
    expect(parsed?.selector).toBe(selector);
    expect(Buffer.from(parsed?.verifier ?? '', 'base64url')).toHaveLength(32);
    expect(Buffer.from(selector, 'base64url')).toHaveLength(12);
    expect(verifierHash).toBe(
      createHash('sha256')
        .update(parsed?.verifier ?? '')
        .digest('hex'),
    );
    expect(verifierHash).not.toContain(parsed?.verifier);
  });

  it('never repeat', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newVerificationKey().key));
    expect(keys.size).toBe(1000);
  });

  it('parse only the exact shape, never throwing', () => {
    const { key } = newVerificationKey();
    for (const bad of ['', '.', key.replace('.', ''), `${key}=`, `${key}.x`, ` ${key}`, key.replace(/^./, '/')]) {
      expect(parseVerificationKey(bad), bad).toBeNull();
    }
  });

  it('match the right verifier only, and a malformed stored hash matches nothing', () => {
    const { key, verifierHash } = newVerificationKey();
    const verifier = parseVerificationKey(key)?.verifier ?? '';
    expect(verifierMatches(verifierHash, verifier)).toBe(true);
    expect(verifierMatches(verifierHash, `${verifier.slice(0, -1)}A`)).toBe(verifier.endsWith('A'));
    expect(verifierMatches('abcd', verifier)).toBe(false);
    expect(verifierMatches('', verifier)).toBe(false);
  });
});
