import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeViewerSessions } from '../session/viewer-sessions.ts';
import { STUDY_ID } from '../testing/viewer-fixtures.ts';
import { figuresQueryOptions } from './list-figures.ts';
import { SIGNED_URL_REFRESH_MS, signedObject } from './signed-url-refresh.ts';

/** The server's shortest allowed read-link life (READ_URL_SECONDS is at least 180). */
const SHORTEST_LINK_MS = 180_000;

vi.mock('../../../api/index.ts', () => ({ call: vi.fn() }));

afterEach(() => {
  closeViewerSessions();
  vi.useRealTimers();
});

describe('signed links in the viewer', () => {
  it('asks again well before the shortest link the server hands out expires', () => {
    expect(SIGNED_URL_REFRESH_MS).toBeLessThanOrEqual(SHORTEST_LINK_MS / 1.5);
  });

  it('names the same object whatever the signature and expiry', () => {
    expect(signedObject('/api/storage/a/b.cmvol?expires=1&acc=x&sig=y')).toBe('/api/storage/a/b.cmvol');
    expect(signedObject('http://s3/bucket/a.png?X-Amz-Expires=600')).toBe('http://s3/bucket/a.png');
  });

  it('refetches the figures (their links) on its own while the viewer stays open', async () => {
    vi.useFakeTimers();
    const { call } = await import('../../../api/index.ts');
    const answers = [{ results: [{ readUrl: '/f.png?sig=1' }] }, { results: [{ readUrl: '/f.png?sig=2' }] }];
    vi.mocked(call).mockImplementation(async () => answers.shift() as never);
    const client = new QueryClient();
    const watching = new QueryObserver(client, figuresQueryOptions(STUDY_ID));
    const seen: string[] = [];
    const stop = watching.subscribe((result) => {
      const url = result.data?.[0]?.readUrl;
      if (url) seen.push(url);
    });
    await vi.advanceTimersByTimeAsync(10);
    // No user action: the interval alone asks again, and the component gets the fresh link.
    await vi.advanceTimersByTimeAsync(SIGNED_URL_REFRESH_MS);
    stop();
    client.clear();
    expect([...new Set(seen)]).toEqual(['/f.png?sig=1', '/f.png?sig=2']);
  });
});
