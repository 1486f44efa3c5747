import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The report's fonts ship with the project (the dejavu-fonts-ttf package), never the system's: DejaVu
 * covers Latin, Greek and Cyrillic names, mm², ° and ✓, which pdfkit's built-in fonts (WinAnsi) cannot.
 */
const require = createRequire(import.meta.url);
const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const FONTS = {
  regular: join(folder, 'DejaVuSans.ttf'),
  bold: join(folder, 'DejaVuSans-Bold.ttf'),
} as const;

type FontName = keyof typeof FONTS;

/**
 * pdfkit 0.20 hands a path or a Buffer to fontkit's `create` for every document, and the first width
 * it asks for decodes the whole `loca` table of DejaVu's ~6,000 glyphs: about 0.2 s per font, three
 * times per report (the default font and the two registered ones), measured by `npm run report -w
 * bench`. pdfkit also takes an already-parsed fontkit font (anything with `layout`), and fontkit keeps
 * its decoded tables and glyphs on that object, so the fonts are parsed once per process and shared.
 * Each document still makes its own subset (`createSubset` per EmbeddedFont), and pdfkit's use of a
 * font is synchronous, so documents rendered one after another or interleaved never see each other's
 * state. fontkit is pdfkit's own dependency, loaded from where pdfkit resolves it, so the two always
 * agree on the font object's shape.
 */
interface FontkitFont {
  layout: (...args: unknown[]) => unknown;
  hasGlyphForCodePoint: (codePoint: number) => boolean;
}
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create: (buffer: Buffer, postscriptName?: string) => FontkitFont;
};

let parsed: Record<FontName, FontkitFont> | undefined;

function parsedFonts(): Record<FontName, FontkitFont> {
  parsed ??= {
    regular: fontkit.create(readFileSync(FONTS.regular)),
    bold: fontkit.create(readFileSync(FONTS.bold)),
  };
  return parsed;
}

/** The document's default font (option `font`), parsed once per process; typed as pdfkit's option is. */
export function defaultFont(): string {
  return parsedFonts().regular as unknown as string;
}

/**
 * Issue 27: DejaVu has no Chinese, Japanese or Korean, and pdfkit drops what its font cannot draw without
 * a word. A report whose text needs them is set in Noto Sans CJK (Debian's fonts-noto-cjk, which also
 * covers Latin, Greek, Cyrillic and the report's symbols), in the regional face its script asks for.
 * Where even that is missing, the report says so (`missingGlyphs`).
 */
/** Read at each use: CM_CJK_FONT_DIR points elsewhere (a test without the font, another distribution). */
const cjkFolder = () => process.env.CM_CJK_FONT_DIR ?? '/usr/share/fonts/opentype/noto';
const CJK_FILES = { regular: 'NotoSansCJK-Regular.ttc', bold: 'NotoSansCJK-Bold.ttc' } as const;
type CjkFace = 'sc' | 'jp' | 'kr';
const cjkParsed = new Map<string, Record<FontName, FontkitFont>>();

function cjkFonts(face: CjkFace): Record<FontName, FontkitFont> | null {
  const folder = cjkFolder();
  const known = cjkParsed.get(`${folder}|${face}`);
  if (known) return known;
  const paths = { regular: join(folder, CJK_FILES.regular), bold: join(folder, CJK_FILES.bold) };
  if (!existsSync(paths.regular) || !existsSync(paths.bold)) return null;
  const fonts = {
    regular: fontkit.create(readFileSync(paths.regular), `NotoSansCJK${face}-Regular`),
    bold: fontkit.create(readFileSync(paths.bold), `NotoSansCJK${face}-Bold`),
  };
  cjkParsed.set(`${folder}|${face}`, fonts);
  return fonts;
}

/** Hangul asks for the Korean face, kana for the Japanese one, other Han for Simplified Chinese. */
function faceFor(text: string): CjkFace {
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text)) return 'kr';
  if (/[\u3040-\u30ff\u31f0-\u31ff]/.test(text)) return 'jp';
  return 'sc';
}

/** Characters the font cannot draw (white space and controls aside), each once. */
function undrawable(font: FontkitFont, text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && !font.hasGlyphForCodePoint(code)) missing.add(char);
  }
  return [...missing];
}

/**
 * Registers `regular` and `bold` on the document from the fonts parsed once per process: DejaVu, or Noto
 * Sans CJK when `text` (everything the report will print) needs it. Answers the characters neither can
 * draw, for the report to name instead of dropping them silently.
 */
export function registerFonts(doc: Doc, text = ''): { missingGlyphs: string[] } {
  let fonts = parsedFonts();
  let missing = undrawable(fonts.regular, text);
  if (missing.length > 0) {
    const cjk = cjkFonts(faceFor(text));
    if (cjk) {
      fonts = cjk;
      missing = undrawable(cjk.regular, text);
      doc.font(cjk.regular as unknown as string);
    }
  }
  // The type says path or bytes; pdfkit's PDFFontFactory also takes a fontkit font (checked by `layout`).
  doc.registerFont('regular', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  return { missingGlyphs: missing };
}
