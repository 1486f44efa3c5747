import { CaseStatus, OrderStatus, Service, storedLegacyConfigSchema } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  isMeshFileName,
  legacyComments,
  legacyReferenceOf,
  planLegacyItems,
  seesLegacyResults,
} from './legacy-results.ts';
import { PERMISSIONS as P } from './permissions.ts';

const ID = '0b8f2a52-4c3e-4d6e-9a51-6f0e2c1d3b4a';

describe('legacyReferenceOf', () => {
  it.each([
    [{ analysisResourceId: ID }, { kind: 'analysis-resource', id: ID }],
    [{ studyResourceId: ID.toUpperCase() }, { kind: 'study-resource', id: ID }],
    [`analysis-resources/${ID}/`, { kind: 'analysis-resource', id: ID }],
    [{ readUrl: `/api/study-resources/${ID}` }, { kind: 'study-resource', id: ID }],
  ])('resolves %j by id', (reference, expected) => {
    expect(legacyReferenceOf(reference)).toEqual(expected);
  });

  it.each([
    `https://cardiomap.example/api/analysis-resources/${ID}/`,
    `//evil.example/analysis-resources/${ID}/`,
    `analysis-resources/${ID}/?download=true`,
    'javascript:alert(1)',
    'data:model/stl;base64,AAAA',
    { readUrl: null },
    { analysisResourceId: 'not-an-id' },
    `users/${ID}/`,
  ])('treats %j as foreign', (reference) => {
    expect(legacyReferenceOf(reference)).toEqual({ kind: 'foreign' });
  });
});

describe('seesLegacyResults', () => {
  const facts = (orders: { service: Service; status: OrderStatus }[], status: CaseStatus = CaseStatus.IN_PROGRESS) => ({
    status,
    isResearch: false,
    orders,
  });
  const legacy = (status: OrderStatus) => [
    { service: Service.ANATOMICAL, status: OrderStatus.DELIVERED },
    { service: Service.LEGACY, status },
  ];

  it('shows staff who may view undelivered analyses everything while they work', () => {
    expect(seesLegacyResults(new Set([P.viewUndeliveredAnalyses]), facts(legacy(OrderStatus.IN_PROGRESS)))).toBe(true);
  });

  it('shows others only a delivered (or obsoleted) legacy simulation or redo TAVI', () => {
    const none = new Set<string>();
    expect(seesLegacyResults(none, facts(legacy(OrderStatus.IN_PROGRESS)))).toBe(false);
    expect(seesLegacyResults(none, facts(legacy(OrderStatus.CANCELED), CaseStatus.COMPLETED))).toBe(false);
    expect(seesLegacyResults(none, facts(legacy(OrderStatus.DELIVERED)))).toBe(true);
    expect(seesLegacyResults(none, facts(legacy(OrderStatus.OBSOLETED)))).toBe(true);
    expect(seesLegacyResults(none, facts([{ service: Service.REDO_TAVI, status: OrderStatus.DELIVERED }]))).toBe(true);
    // Obsoleted with nothing delivered and the case open: undelivered, hidden as the analyses are.
    expect(seesLegacyResults(none, facts([{ service: Service.LEGACY, status: OrderStatus.OBSOLETED }]))).toBe(false);
  });
});

describe('reading a stored legacy config', () => {
  it('plans scenes and objects with files, with safe colours, and lists comments', () => {
    const config = storedLegacyConfigSchema.parse({
      scenes: [{ name: '', file: 'x', visualisationIds: [7] }, { name: 'No file' }],
      visualisations: [
        {
          id: 7,
          opacity: 0.4,
          objects: [{ name: 'A', color: 'url(x)', file: { analysisResourceId: ID } }, { name: 'B' }],
        },
      ],
      comments: ['  ', 'Plain', { text: 'Signed', author: 'Ann' }],
      unknownKey: true,
    });
    expect(planLegacyItems(config).map(({ key, name, color, opacity }) => ({ key, name, color, opacity }))).toEqual([
      { key: 'scene-0', name: 'Scene 1', color: '#e0a040', opacity: 0.4 },
      { key: 'object-0-0', name: 'A', color: '#e0a040', opacity: 0.4 },
    ]);
    expect(legacyComments(config)).toEqual([
      { author: 'Legacy simulation', text: 'Plain', date: null },
      { author: 'Ann', text: 'Signed', date: null },
    ]);
    expect(isMeshFileName('valve.STL')).toBe(true);
    expect(isMeshFileName('report.pdf')).toBe(false);
  });
});
