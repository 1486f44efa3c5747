import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms here, slow enough for offline guessing. */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id; a const enum, not importable as a value here */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so response timing does not reveal which e-mails exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('cardiomap-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
