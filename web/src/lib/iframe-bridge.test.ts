import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedOrigins, startIframeBridge } from './iframe-bridge.ts';

const TOKENS = { access: 'a.b.c', refresh: 'r-1' };

function post(data: unknown, origin: string) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('startIframeBridge', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    window.history.replaceState(null, '', '/');
  });

  const start = () => {
    const saveTokens = vi.fn();
    const navigate = vi.fn();
    stop = startIframeBridge({ allowedOrigins: ['https://portal.example'], saveTokens, navigate });
    return { saveTokens, navigate };
  };

  it('stores tokens from an allowed origin and goes to the redirect target', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fterms');
    const { saveTokens, navigate } = start();
    post(TOKENS, 'https://portal.example');
    expect(saveTokens).toHaveBeenCalledWith(TOKENS);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/terms'));
  });

  it('navigates only once the tokens are kept (the exchange for the cookie is a request)', async () => {
    let kept: () => void = () => {};
    const navigate = vi.fn();
    stop = startIframeBridge({
      allowedOrigins: ['https://portal.example'],
      saveTokens: () =>
        new Promise<void>((resolve) => {
          kept = resolve;
        }),
      navigate,
    });
    post(TOKENS, 'https://portal.example');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    kept();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(null));
  });

  it('reloads (navigates to null) without a redirect query', async () => {
    const { navigate } = start();
    post(TOKENS, 'https://portal.example');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(null));
  });

  it('never redirects off-site, whatever the query says', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2F%2Fevil.example');
    const { navigate } = start();
    post(TOKENS, 'https://portal.example');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/cases'));
  });

  it.each([
    ['a foreign origin', TOKENS, 'https://evil.example'],
    ['a look-alike origin', TOKENS, 'https://portal.example.evil.example'],
    ['a message without tokens', { hello: 'world' }, 'https://portal.example'],
    ['empty tokens', { access: '', refresh: '' }, 'https://portal.example'],
    ['a string', 'a.b.c', 'https://portal.example'],
  ])('ignores %s', (_, data, origin) => {
    const { saveTokens, navigate } = start();
    post(data, origin);
    expect(saveTokens).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops listening when stopped', () => {
    const { saveTokens } = start();
    stop();
    post(TOKENS, 'https://portal.example');
    expect(saveTokens).not.toHaveBeenCalled();
  });
});

describe('embedOrigins', () => {
  it('reads the comma-separated allow-list the server writes into index.html', () => {
    const doc = new DOMParser().parseFromString(
      '<html><head><meta name="cm-embed-origins" content="https://a.example, https://b.example"></head></html>',
      'text/html',
    );
    expect(embedOrigins(doc)).toEqual(['https://a.example', 'https://b.example']);
  });

  it('is empty when the tag is missing', () => {
    expect(embedOrigins(new DOMParser().parseFromString('<html></html>', 'text/html'))).toEqual([]);
  });
});
