import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The report's fonts ship with the project (the dejavu-fonts-ttf package), never the system's: DejaVu
 * covers Latin, Greek and Cyrillic names, mm², ° and ✓, which pdfkit's built-in fonts (WinAnsi) cannot.
 */
const folder = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONTS = {
  regular: join(folder, 'DejaVuSans.ttf'),
  bold: join(folder, 'DejaVuSans-Bold.ttf'),
} as const;
