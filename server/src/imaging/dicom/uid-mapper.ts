import { createHmac } from 'node:crypto';

/**
 * Deterministic UID remapping: 2.25.<decimal of the first 128 bits of HMAC-SHA256(secret, uid)>. The same
 * case secret maps the same UID to the same result in every file and on every re-run, so references
 * between instances (series, frame of reference, referenced images) stay consistent; without the secret
 * the original UID cannot be recovered or confirmed.
 */
export function createUidMapper(secret: string): (uid: string) => string {
  const cache = new Map<string, string>();
  return (uid: string) => {
    let mapped = cache.get(uid);
    if (mapped === undefined) {
      const digest = createHmac('sha256', secret).update(uid).digest();
      mapped = `2.25.${BigInt(`0x${digest.subarray(0, 16).toString('hex')}`).toString(10)}`;
      cache.set(uid, mapped);
    }
    return mapped;
  };
}
