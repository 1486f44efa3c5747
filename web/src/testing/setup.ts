import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetRestoreAttempt } from '../api/refresh-request.ts';
import { tokenStore } from '../api/token-store.ts';

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
