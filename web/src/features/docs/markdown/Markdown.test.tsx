import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';

describe('Markdown renderer with hostile input', () => {
  it('shows a script tag as text and creates no script element', () => {
    const { container } = render(<Markdown source={'# Guide\n\n<script>window.__pwned = true</script>'} />);
    expect(screen.getByText('<script>window.__pwned = true</script>')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('shows an img with onerror as text and creates no img element', () => {
    const { container } = render(<Markdown source={'Look: <img src=x onerror="alert(1)"> here'} />);
    expect(screen.getByText('Look: <img src=x onerror="alert(1)"> here')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('renders a javascript: link as plain text, a https link as a link', () => {
    const { container } = render(
      <Markdown source={'[evil](javascript:alert(1)) and [data](data:text/html,x) and [good](https://example.org/)'} />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.org/');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/evil/)).toBeInTheDocument();
  });

  it('renders headings one level below the page title, lists, emphasis and code', () => {
    render(<Markdown source={'# Upload\n\n1. **Zip** the *series*\n2. Drop `study.zip`\n\n```\n<b>raw</b>\n```'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Upload' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.querySelector('strong')).toHaveTextContent('Zip');
    expect(items[0]?.querySelector('em')).toHaveTextContent('series');
    expect(screen.getByText('study.zip').tagName).toBe('CODE');
    expect(screen.getByText('<b>raw</b>').tagName).toBe('CODE');
  });
});
