import type { Inline } from './markdown-ast.ts';
import { safeHref } from './safe-href.ts';

const ESCAPABLE = '\\`*_[]()#+-.!<>';

type Closer = (marker: string, from: number) => number;

/**
 * Finds the `marker` that closes a span, from `from` on; -1 when none follows. A marker found missing
 * after some index is missing after every later one, so that answer is kept: text full of unclosed
 * markers (`[[[[…`) stays linear instead of rescanning the rest of the line for each of them.
 */
function closerIn(text: string): Closer {
  const missingFrom = new Map<string, number>();
  return (marker, from) => {
    const known = missingFrom.get(marker);
    if (known !== undefined && from >= known) return -1;
    for (let i = from; i < text.length; i++) {
      if (text[i] === '\\') {
        i++;
        continue;
      }
      if (text.startsWith(marker, i)) return i;
    }
    missingFrom.set(marker, Math.min(from, known ?? from));
    return -1;
  };
}

/** `[label](target)` at `start`: the label, target and the index after it, or null. */
function linkAt(text: string, closing: Closer, start: number): { label: string; target: string; end: number } | null {
  const labelEnd = closing(']', start + 1);
  if (labelEnd < 0 || text[labelEnd + 1] !== '(') return null;
  const targetEnd = closing(')', labelEnd + 2);
  if (targetEnd < 0) return null;
  return { label: text.slice(start + 1, labelEnd), target: text.slice(labelEnd + 2, targetEnd), end: targetEnd + 1 };
}

/**
 * Inline Markdown: code spans, strong, emphasis, links and backslash escapes. Whatever is not one of
 * these (raw HTML included) stays text.
 */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const closing = closerIn(text);
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const next = text[i + 1] ?? '';
    if (char === '\\' && ESCAPABLE.includes(next) && next !== '') {
      buffer += next;
      i += 2;
      continue;
    }
    if (char === '`') {
      const end = closing('`', i + 1);
      if (end > i) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((char === '*' || char === '_') && next === char) {
      const end = closing(char + char, i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    const wordBefore = /\w/.test(text[i - 1] ?? '');
    if ((char === '*' || (char === '_' && !wordBefore)) && next !== ' ' && next !== '') {
      const end = closing(char, i + 1);
      if (end > i + 1 && !(char === '_' && /\w/.test(text[end + 1] ?? ''))) {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = linkAt(text, closing, i);
      if (link) {
        flush();
        out.push({ kind: 'link', href: safeHref(link.target), children: parseInline(link.label) });
        i = link.end;
        continue;
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return out;
}
