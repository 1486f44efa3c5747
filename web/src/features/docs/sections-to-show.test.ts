import type { PageSection } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { sectionsToShow } from './sections-to-show.ts';

let next = 0;
const section = (region: string, title: string, body: string): PageSection => {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    regionId: `10000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    region,
    title,
    body,
    dateModified: '2026-01-01T00:00:00.000Z',
  };
};

describe('documentation sections to show (issue 30 #14)', () => {
  it('shows a guide repeated by a second region once', () => {
    const europe = section('Europe', 'User guide', '# Request\n\nChoose it.');
    const asia = section('Asia', 'User guide', '# Request\n\nChoose it.\n');
    expect(sectionsToShow([europe, asia])).toEqual([{ section: europe, heading: 'User guide' }]);
  });

  it('names the region when the same title carries different text', () => {
    const europe = section('Europe', 'User guide', 'Call Leiden.');
    const america = section('North America', 'User guide', 'Call Boston.');
    expect(sectionsToShow([europe, america]).map((shown) => shown.heading)).toEqual([
      'User guide (Europe)',
      'User guide (North America)',
    ]);
  });

  it('keeps distinct sections under their own titles, in order', () => {
    const europe = section('Europe', 'User guide', 'Call Leiden.');
    const america = section('North America', 'US guide', 'Call Boston.');
    const again = section('Asia', 'User guide', 'Call Leiden.');
    expect(sectionsToShow([europe, america, again]).map((shown) => shown.heading)).toEqual(['User guide', 'US guide']);
  });

  it('shows nothing for no sections', () => {
    expect(sectionsToShow([])).toEqual([]);
  });
});
