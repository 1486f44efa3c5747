import { describe, expect, it } from 'vitest';
import { type ContourCandidate, pickContourResource } from './contour-source.ts';

interface Resource {
  id: string;
  name: string;
  type: number;
  dateCreated: string;
}

const resource = (id: string, name: string, change: Partial<Resource> = {}): Resource => ({
  id,
  name,
  type: 1,
  dateCreated: '2026-11-01T10:00:00Z',
  ...change,
});

const analysis = (resources: Resource[], change: Partial<ContourCandidate<Resource>['analysis']> = {}) => ({
  analysis: { isPreliminary: false, dateCreated: '2026-11-01T09:00:00Z', ...change },
  resources,
});

const pick = (...candidates: ContourCandidate<Resource>[]) => pickContourResource(candidates)?.id ?? null;

describe('pickContourResource', () => {
  it('finds the Atrium or Aorta mesh by whole name, ignoring case and spaces', () => {
    expect(pick(analysis([resource('a', 'Blood pool'), resource('b', ' AORTA ')]))).toBe('b');
    expect(pick(analysis([resource('a', 'Aortic root'), resource('b', 'Left atrium')]))).toBeNull();
  });

  it('answers nothing without analyses, and ignores figures and segmentations named Aorta', () => {
    expect(pick()).toBeNull();
    expect(pick(analysis([resource('a', 'Aorta', { type: 2 }), resource('b', 'Atrium', { type: 3 })]))).toBeNull();
  });

  it('prefers Atrium to Aorta, whichever analysis holds them', () => {
    const older = analysis([resource('atrium', 'Atrium')], {
      dateCreated: '2026-01-01T00:00:00Z',
      isPreliminary: true,
    });
    expect(pick(analysis([resource('aorta', 'Aorta')]), older)).toBe('atrium');
  });

  it('prefers a result analysis to the preliminary model, then the newer analysis, then the newer file', () => {
    const preliminary = analysis([resource('model', 'Aorta')], {
      isPreliminary: true,
      dateCreated: '2026-12-01T00:00:00Z',
    });
    const old = analysis([resource('old', 'Aorta')], { dateCreated: '2026-10-01T00:00:00Z' });
    const recent = analysis(
      [resource('first', 'Aorta'), resource('second', 'aorta', { dateCreated: '2026-11-02T00:00:00Z' })],
      { dateCreated: '2026-11-01T00:00:00Z' },
    );
    expect(pick(preliminary, old)).toBe('old');
    expect(pick(preliminary, old, recent)).toBe('second');
  });
});
