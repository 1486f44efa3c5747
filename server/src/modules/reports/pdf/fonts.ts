import { readFileSync } from 'node:fs';
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
}
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create: (buffer: Buffer) => FontkitFont;
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

/** Registers `regular` and `bold` on the document from the fonts parsed once per process. */
export function registerFonts(doc: Doc): void {
  const fonts = parsedFonts();
  // The type says path or bytes; pdfkit's PDFFontFactory also takes a fontkit font (checked by `layout`).
  doc.registerFont('regular', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
}
