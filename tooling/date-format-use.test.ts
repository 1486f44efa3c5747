import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 30 §13: the web showed dates two ways ("11/28/2026, 5:38 PM" on some screens, "28 Nov 2026,
// 17:22" on others) because each screen formatted its own. Dates and times are formatted only by
// web/src/lib/dates.ts; this keeps a screen added later from going back to the browser's locale.
const ROOT = resolve(import.meta.dirname, '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const ALLOWED = join(WEB_SRC, 'lib', 'dates.ts');
/** Locale formatting of dates (and toLocaleString, which formats a Date by the browser's locale). */
const LOCALE_FORMATTING = /\.toLocale(?:Date|Time)?String\s*\(|\bIntl\s*\.\s*DateTimeFormat\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** The files (and lines) that format dates themselves. */
function ownDateFormatting(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    path === ALLOWED
      ? []
      : source
          .split('\n')
          .flatMap((line, i) => (LOCALE_FORMATTING.test(line) ? [`${relative(ROOT, path)}:${i + 1}`] : [])),
  );
}

describe('dates in the web', () => {
  it('are formatted only by web/src/lib/dates.ts', () => {
    const files = sourceFiles(WEB_SRC).map((path) => ({ path, source: readFileSync(path, 'utf8') }));
    expect(ownDateFormatting(files)).toEqual([]);
  });

  it('would catch a screen formatting its own date', () => {
    const screen = join(WEB_SRC, 'features', 'x', 'X.tsx');
    for (const planted of [
      '<td>{new Date(row.at).toLocaleString()}</td>',
      'const day = date.toLocaleDateString();',
      "const t = d.toLocaleTimeString('en-US');",
      "const f = new Intl.DateTimeFormat('en-US');",
    ])
      expect(ownDateFormatting([{ path: screen, source: planted }])).toEqual(['web/src/features/x/X.tsx:1']);
    expect(ownDateFormatting([{ path: ALLOWED, source: "new Intl.DateTimeFormat('en-GB')" }])).toEqual([]);
  });
});
