/**
 * A sign-in's browser and system in words (issue 30 §12): Settings → Sign-ins listed raw user-agent
 * strings, which a user cannot read to recognise their own devices. Only what the string says for
 * certain is named; the rest is left out rather than guessed.
 */
export interface UserAgentInWords {
  /** "Chrome 131", "Safari 17", "Edge 131"; null when no known browser is named. */
  browser: string | null;
  /** "Windows", "macOS", "iOS 17.5", "Android 14", "Linux"; null when none is named. */
  system: string | null;
}

/**
 * Checked in order: browsers built on another's engine name that one too ("Edg/… Chrome/… Safari/…"),
 * so the more specific token comes first. The version is the major one.
 */
const BROWSERS: { name: string; token: RegExp }[] = [
  { name: 'Edge', token: /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/ },
  { name: 'Opera', token: /\b(?:OPR|OPiOS)\/(\d+)/ },
  { name: 'Samsung Internet', token: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', token: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Headless Chrome', token: /\bHeadlessChrome\/(\d+)/ },
  { name: 'Chromium', token: /\bChromium\/(\d+)/ },
  { name: 'Chrome', token: /\b(?:Chrome|CriOS)\/(\d+)/ },
  // Safari's own version is "Version/17.5"; "Safari/605.1.15" is the engine's build.
  { name: 'Safari', token: /\bVersion\/(\d+)(?:[.\d]*)?(?: Mobile\/\w+)? Safari\// },
];

const SYSTEMS: { token: RegExp; name: (match: RegExpExecArray) => string }[] = [
  // iPadOS 13+ in desktop mode says "Macintosh": only the explicit device tokens are read as iOS.
  { token: /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)(?:_(\d+))?/, name: (m) => `iOS ${version(m)}` },
  { token: /\bAndroid (\d+)(?:\.(\d+))?/, name: (m) => `Android ${version(m)}` },
  { token: /\bAndroid\b/, name: () => 'Android' },
  { token: /\bWindows Phone\b/, name: () => 'Windows Phone' },
  { token: /\bWindows\b/, name: () => 'Windows' },
  { token: /\bCrOS\b/, name: () => 'ChromeOS' },
  { token: /\bMac OS X\b|\bMacintosh\b/, name: () => 'macOS' },
  { token: /\bLinux\b|\bX11\b/, name: () => 'Linux' },
];

/** "17.5" from "17_5", "14" from "14" (a ".0" minor is left out). */
const version = (m: RegExpExecArray) => (m[2] && m[2] !== '0' ? `${m[1]}.${m[2]}` : (m[1] as string));

function firstMatch<T extends { token: RegExp }>(rules: T[], text: string): [T, RegExpExecArray] | null {
  for (const rule of rules) {
    const match = rule.token.exec(text);
    if (match) return [rule, match];
  }
  return null;
}

/** The browser (with its major version) and the system a user-agent string names. */
export function describeUserAgent(userAgent: string): UserAgentInWords {
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  return {
    browser: browser ? `${browser[0].name} ${browser[1][1]}` : null,
    system: system ? system[0].name(system[1]) : null,
  };
}

/** One line for a list of sign-ins: "Chrome 131 on Windows", "Safari 17 on iOS 17.5", "Unknown browser". */
export function userAgentInWords(userAgent: string): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (!browser && !system) return 'Unknown browser';
  return system ? `${browser ?? 'Unknown browser'} on ${system}` : (browser as string);
}
