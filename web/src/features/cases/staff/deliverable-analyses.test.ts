import type { Analysis } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { analysisLabel, analysisTypeFor, deliverableAnalyses } from './deliverable-analyses.ts';

const analysis = (id: string, extra: Partial<Analysis> = {}): Analysis => ({
  id,
  studyId: 's',
  type: 1,
  name: '',
  orderId: null,
  isPreliminary: false,
  results: [],
  analysisResourceIds: [],
  landmarkIds: [],
  dateCreated: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('deliverable analyses', () => {
  it("leaves out the preliminary model and puts the order's own analysis first, then free ones", () => {
    const list = [
      analysis('other', { orderId: 'o2' }),
      analysis('free'),
      analysis('prelim', { isPreliminary: true }),
      analysis('own', { orderId: 'o1' }),
    ];
    expect(deliverableAnalyses(list, { id: 'o1' }).map((a) => a.id)).toEqual(['own', 'free', 'other']);
  });

  it('makes a simulation analysis for a simulation order, an anatomical one otherwise', () => {
    expect(analysisTypeFor({ service: 1 })).toBe(2);
    expect(analysisTypeFor({ service: 0 })).toBe(1);
  });

  it('names an unnamed analysis by its type and counts what it holds', () => {
    expect(analysisLabel(analysis('a', { landmarkIds: ['l1', 'l2'] }))).toEqual({
      name: 'Anatomical analysis',
      detail: '2 landmarks · 0 results',
    });
  });
});
