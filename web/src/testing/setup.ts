import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetRestoreAttempt } from '../api/refresh-request.ts';
import { tokenStore } from '../api/token-store.ts';

// findBy*/waitFor wait for what they assert on; the default ceiling of 1 s is shorter than a first render
// of a page with MUI takes on a loaded 2-core CI machine (seen: case detail tests failing at 1.2 s).
configure({ asyncUtilTimeout: 10_000 });

// As after a sign-in in this browser: the server's flag that a refresh cookie is there (issue 30). Tests
// of a browser that never signed in clear it.
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
  document.cookie = 'cm_session=1; path=/';
});

afterEach(() => {
  cleanup();
  // The access token lives in module memory (issue 22): each test starts signed out, as a fresh page.
  tokenStore.reset();
  forgetRestoreAttempt();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
