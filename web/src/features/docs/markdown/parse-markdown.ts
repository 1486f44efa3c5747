import type { Block } from './markdown-ast.ts';
import { parseInline } from './parse-inline.ts';

// Plain greedy patterns only: no lazy group before a trailing one, so long lines cannot backtrack.
const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

type ListItemMatch = { ordered: boolean; text: string } | null;

function listItem(line: string): ListItemMatch {
  const bullet = BULLET.exec(line);
  if (bullet) return { ordered: false, text: bullet[1] ?? '' };
  const numbered = NUMBERED.exec(line);
  return numbered ? { ordered: true, text: numbered[1] ?? '' } : null;
}

const startsBlock = (line: string) => HEADING.test(line) || FENCE.test(line) || listItem(line) !== null;

/**
 * Block Markdown: ATX headings, paragraphs, bullet and numbered lists (an indented line continues the
 * item), fenced code. A linear pass over the lines, so any input, however hostile, parses in one go.
 */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence[1] ?? '```'))
        code.push(lines[i++] ?? '');
      i++;
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, children: parseInline((heading[2] ?? '').trim()) });
      i++;
      continue;
    }
    const first = listItem(line);
    if (first) {
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = listItem(current);
        if (item && item.ordered === first.ordered) items.push(item.text);
        else if (/^\s+\S/.test(current) && items.length > 0 && !item) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered: first.ordered, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      (lines[i] ?? '').trim() !== '' &&
      (paragraph.length === 0 || !startsBlock(lines[i] ?? ''))
    ) {
      paragraph.push((lines[i] ?? '').trim());
      i++;
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
