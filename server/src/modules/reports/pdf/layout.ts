import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

export const MARGIN = 50;
/** Space kept free at the bottom of every page for the footer. */
export const FOOTER_SPACE = 40;
export const COLOURS = {
  text: '#1a1a1a',
  muted: '#5f6368',
  rule: '#c8ccd0',
  head: '#eef1f4',
  link: '#0b57d0',
  warn: '#b3261e',
};

export const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER_SPACE;

/** Starts a new page when `height` more points would run into the footer. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/**
 * A section heading, moved to the next page with what must follow it: `keepWith` is the height of the
 * first thing under it (a line of text by default, a whole figure for the figures), so a heading never
 * ends a page alone.
 */
export function heading(doc: Doc, text: string, keepWith = 30): void {
  ensureSpace(doc, 30 + keepWith);
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(COLOURS.text).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

export interface Cell {
  text: string;
  /** A link the cell's text opens (underlined, blue). */
  link?: string;
  bold?: boolean;
  colour?: string;
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

const PAD = 4;

/** A table that breaks across pages, repeating its header; row heights follow the tallest cell. */
export function table(doc: Doc, columns: Column[], rows: Cell[][]): void {
  const total = contentWidth(doc);
  const widths = columns.map((column) => column.width * total);
  const header = columns.map((column) => ({ text: column.header, bold: true }));
  const heightOf = (cells: Cell[]) => {
    doc.fontSize(9);
    const tallest = cells.map((cell, i) =>
      doc.font(cell.bold ? 'bold' : 'regular').heightOfString(cell.text, { width: widths[i]! - 2 * PAD }),
    );
    return Math.max(...tallest) + 2 * PAD;
  };
  const drawRow = (cells: Cell[], shaded: boolean, height: number) => {
    const top = doc.y;
    if (shaded) doc.rect(MARGIN, top, total, height).fill(COLOURS.head);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const width = widths[i]!;
      doc
        .font(cell.bold ? 'bold' : 'regular')
        .fontSize(9)
        .fillColor(cell.link ? COLOURS.link : (cell.colour ?? COLOURS.text))
        .text(cell.text, x + PAD, top + PAD, {
          width: width - 2 * PAD,
          align: columns[i]?.align ?? 'left',
          link: cell.link,
          underline: Boolean(cell.link),
        });
      x += width;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + total, top + height)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  const headerHeight = heightOf(header);
  // The header never stays alone at the bottom of a page: it goes with the first row.
  ensureSpace(doc, headerHeight + (rows[0] ? heightOf(rows[0]) : 0));
  drawRow(header, true, headerHeight);
  for (const row of rows) {
    const height = heightOf(row);
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawRow(header, true, headerHeight);
    }
    drawRow(row, false, height);
  }
  doc.fillColor(COLOURS.text);
}

/** "Label: value" lines of the header block, two per row. */
export function facts(doc: Doc, pairs: [string, string][]): void {
  const half = contentWidth(doc) / 2;
  for (let i = 0; i < pairs.length; i += 2) {
    const top = doc.y;
    let lowest = top;
    for (const [offset, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = MARGIN + offset * half;
      doc
        .font('bold')
        .fontSize(8)
        .fillColor(COLOURS.muted)
        .text(pair[0], x, top, { width: half - 10 });
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(COLOURS.text)
        .text(pair[1] || '—', x, doc.y, { width: half - 10 });
      lowest = Math.max(lowest, doc.y);
    }
    doc.y = lowest + 4;
  }
  doc.x = MARGIN;
}
