import { Box, Link, Typography } from '@mui/material';
import { Fragment, type ReactNode, useMemo } from 'react';
import type { Block, Inline } from './markdown-ast.ts';
import { parseMarkdown } from './parse-markdown.ts';

/**
 * Renders Markdown as React elements built from the parsed tree: every piece of the source reaches the
 * page as a text child, which React escapes, so `<script>` or `<img onerror>` in a page shows as text.
 * Never `dangerouslySetInnerHTML`.
 */
export function Markdown({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Box sx={{ '& > :first-of-type': { mt: 0 } }}>{blocks.map((block, i) => renderBlock(block, i, headingOffset))}</Box>
  );
}

const HEADING_VARIANTS = ['h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'subtitle2'] as const;

function renderBlock(block: Block, key: number, headingOffset: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      // The page's own title is the h1; a page's `#` is one level below it.
      const level = Math.min(block.level + headingOffset, 6);
      return (
        <Typography
          key={key}
          component={`h${level}` as 'h2'}
          variant={HEADING_VARIANTS[block.level - 1]}
          sx={{ mt: 3, mb: 1, fontWeight: 600 }}
        >
          {renderInlines(block.children)}
        </Typography>
      );
    }
    case 'paragraph':
      return (
        <Typography key={key} sx={{ mb: 1.5 }}>
          {renderInlines(block.children)}
        </Typography>
      );
    case 'list':
      return (
        <Box key={key} component={block.ordered ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1.5, pl: 3 }}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity beyond their position
            <Typography key={i} component="li" sx={{ mb: 0.5 }}>
              {renderInlines(item)}
            </Typography>
          ))}
        </Box>
      );
    case 'code':
      return (
        <Box
          key={key}
          component="pre"
          sx={{ p: 1.5, mb: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}
        >
          <code>{block.text}</code>
        </Box>
      );
  }
}

function renderInlines(nodes: Inline[]): ReactNode {
  return nodes.map((node, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: inline runs have no identity beyond their position
    <Fragment key={i}>{renderInline(node)}</Fragment>
  ));
}

function renderInline(node: Inline): ReactNode {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'code':
      return (
        <Box component="code" sx={{ px: 0.5, bgcolor: 'action.hover', borderRadius: 0.5, fontSize: '0.9em' }}>
          {node.text}
        </Box>
      );
    case 'strong':
      return <strong>{renderInlines(node.children)}</strong>;
    case 'em':
      return <em>{renderInlines(node.children)}</em>;
    case 'link': {
      if (node.href === null) return renderInlines(node.children);
      const external = /^https?:/.test(node.href);
      return (
        <Link href={node.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {renderInlines(node.children)}
        </Link>
      );
    }
  }
}
