import { describe, expect, it } from 'vitest';
import { parseInline } from './parse-inline.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { safeHref } from './safe-href.ts';

describe('safeHref', () => {
  it.each([
    ['https://example.org/a?b=1', 'https://example.org/a?b=1'],
    ['http://example.org', 'http://example.org/'],
    ['mailto:support@cardiomap.test', 'mailto:support@cardiomap.test'],
    ['/contact', '/contact'],
    ['#upload', '#upload'],
  ])('lets %s through', (raw, expected) => expect(safeHref(raw)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example',
    '/\n/evil.example/x',
    '/\r\\evil.example',
    '\u0001//evil.example',
    'relative/path',
    '',
  ])('refuses %j', (raw) => expect(safeHref(raw)).toBeNull());
});

describe('parseInline', () => {
  it('reads code, strong, emphasis and links', () => {
    expect(parseInline('a `b` **c** *d* _e_ [f](https://x.test/)')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'e' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.test/', children: [{ kind: 'text', text: 'f' }] },
    ]);
  });

  it('keeps raw HTML and unsafe links as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { kind: 'link', href: null, children: [{ kind: 'text', text: 'click' }] },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves unclosed markers, escapes and snake_case words alone', () => {
    expect(parseInline('a * b [c `d snake_case_name \\*e\\*')).toEqual([
      { kind: 'text', text: 'a * b [c `d snake_case_name *e*' },
    ]);
  });

  it('stays linear on a line of unclosed markers', () => {
    const hostile = `${'[a _b '.repeat(20_000)}\``;
    expect(parseInline(hostile)).toEqual([{ kind: 'text', text: hostile }]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and code blocks', () => {
    const blocks = parseMarkdown(
      '# Title\n\nFirst line\nsecond line\n\n- one\n  continued\n- two\n\n1. first\n2. second\n\n```\n<b>x</b>\n```',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'code']);
    expect(blocks[1]).toEqual({ kind: 'paragraph', children: [{ kind: 'text', text: 'First line second line' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'one continued' }], [{ text: 'two' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true });
    expect(blocks[4]).toEqual({ kind: 'code', text: '<b>x</b>' });
  });

  it('treats a script block as a paragraph of text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});
