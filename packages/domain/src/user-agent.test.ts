import { describe, expect, it } from 'vitest';
import { describeUserAgent, userAgentInWords } from './user-agent.ts';

/** Real user-agent strings of current browsers. */
const AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  androidReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('describeUserAgent (issue 30 §12)', () => {
  it.each([
    ['chromeWindows', 'Chrome 131', 'Windows'],
    ['chromeLinux', 'Chrome 131', 'Linux'],
    ['firefoxMac', 'Firefox 132', 'macOS'],
    ['firefoxLinux', 'Firefox 128', 'Linux'],
    ['safariMac', 'Safari 17', 'macOS'],
    ['edgeWindows', 'Edge 131', 'Windows'],
    ['safariIphone', 'Safari 17', 'iOS 17.5'],
    ['chromeIpad', 'Chrome 131', 'iOS 18.1'],
    ['firefoxIphone', 'Firefox 132', 'iOS 16'],
    ['chromeAndroid', 'Chrome 131', 'Android 14'],
    ['samsungAndroid', 'Samsung Internet 26', 'Android 13'],
    ['androidReduced', 'Chrome 131', 'Android 10'],
    ['headless', 'Headless Chrome 131', 'Linux'],
    ['chromeOs', 'Chrome 131', 'ChromeOS'],
  ] as [keyof typeof AGENTS, string, string][])('%s: %s on %s', (agent, browser, system) => {
    expect(describeUserAgent(AGENTS[agent])).toEqual({ browser, system });
  });

  it('names nothing it cannot read', () => {
    expect(describeUserAgent('')).toEqual({ browser: null, system: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeBot/1.0')).toEqual({
      browser: null,
      system: 'Windows',
    });
  });
});

describe('userAgentInWords', () => {
  it('says browser on system, or as much of it as is known', () => {
    expect(userAgentInWords(AGENTS.edgeWindows)).toBe('Edge 131 on Windows');
    expect(userAgentInWords(AGENTS.safariIphone)).toBe('Safari 17 on iOS 17.5');
    expect(userAgentInWords('Mozilla/5.0 (Linux; Android 14) Unknown/1')).toBe('Unknown browser on Android 14');
    expect(userAgentInWords('Chrome/131.0.0.0')).toBe('Chrome 131');
    expect(userAgentInWords('')).toBe('Unknown browser');
    expect(userAgentInWords('python-requests/2.32')).toBe('Unknown browser');
  });
});
