import type { TestApp } from '../../helpers/test-app.ts';

/** Objects a job replaced are deleted just after its commit: waits for that (false after 10 s). */
export async function objectGone(t: TestApp, key: string): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if ((await t.app.storage.head(key)) === null) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
