import { test as base } from '@playwright/test';
import { acceptCookies } from './demo.ts';

/** Every spec except the consent spec starts as a returning user who already chose cookies. */
export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await acceptCookies(context, baseURL ?? '');
    await use(context);
  },
});
export { expect } from '@playwright/test';
