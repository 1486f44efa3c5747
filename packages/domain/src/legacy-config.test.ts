import { CaseStatus as C, LEGACY_CONFIG_NOT_JSON } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  checkLegacyConfig,
  LEGACY_CONFIG_FINISHED,
  LEGACY_CONFIG_NOT_AN_OBJECT,
  LEGACY_CONFIG_OTHER_CASE,
  legacyConfigAction,
  legacyConfigRefusal,
  NO_LEGACY_CONFIG,
} from './legacy-config.ts';
import { PERMISSIONS as P } from './permissions.ts';
import type { StaffCaseFacts } from './staff-actions.ts';

const analyst = new Set<string>([P.addStudyResource, P.processNonResearchCase, P.processResearchCase]);
const facts = (extra: Partial<StaffCaseFacts> = {}): StaffCaseFacts => ({
  status: C.IN_PROGRESS,
  isResearch: false,
  isSharedToActor: false,
  hasStudy: true,
  orders: [],
  ...extra,
});

describe('checkLegacyConfig (spec §7 legacy-config)', () => {
  const doc = (caseIdentifier?: string) => JSON.stringify({ scenes: [], metadata: { caseIdentifier } });

  it('takes a JSON object for the study’s case', () => {
    expect(checkLegacyConfig(doc('HVC-1'), 'HVC-1', 'HVC-1')).toEqual({
      ok: true,
      document: { scenes: [], metadata: { caseIdentifier: 'HVC-1' } },
    });
    // A file that names no case is judged by the form's identifier alone.
    expect(checkLegacyConfig('{"scenes": []}', ' HVC-1 ', 'HVC-1').ok).toBe(true);
  });

  it('refuses another case, in the form or in the file', () => {
    expect(checkLegacyConfig(doc('HVC-1'), 'HVC-2', 'HVC-1')).toEqual({
      ok: false,
      field: 'caseIdentifier',
      message: LEGACY_CONFIG_OTHER_CASE,
    });
    expect(checkLegacyConfig(doc('HVC-2'), 'HVC-1', 'HVC-1')).toEqual({
      ok: false,
      field: 'configFile',
      message: 'The configuration file names another case: HVC-2.',
    });
  });

  it('refuses text that is not one JSON object', () => {
    expect(checkLegacyConfig('{', 'HVC-1', 'HVC-1')).toMatchObject({ ok: false, message: LEGACY_CONFIG_NOT_JSON });
    expect(checkLegacyConfig('[]', 'HVC-1', 'HVC-1')).toMatchObject({
      ok: false,
      message: LEGACY_CONFIG_NOT_AN_OBJECT,
    });
    expect(checkLegacyConfig('null', 'HVC-1', 'HVC-1')).toMatchObject({
      ok: false,
      message: LEGACY_CONFIG_NOT_AN_OBJECT,
    });
  });
});

describe('who may store legacy results', () => {
  it('lets staff who add study resources and process the case, while it is not finished', () => {
    expect(legacyConfigRefusal(analyst, facts())).toBeNull();
    expect(legacyConfigAction(analyst, facts())).toEqual({ show: true, allowed: true });
  });

  it('refuses clinicians, a share, and staff who do not process this kind of case', () => {
    const physician = new Set<string>([P.processNonResearchCase, P.addOrder]);
    expect(legacyConfigRefusal(physician, facts())).toEqual({ forbidden: true, reason: NO_LEGACY_CONFIG });
    expect(legacyConfigRefusal(analyst, facts({ isSharedToActor: true }))).toEqual({
      forbidden: true,
      reason: NO_LEGACY_CONFIG,
    });
    const researchOnly = new Set<string>([P.addStudyResource, P.processResearchCase]);
    expect(legacyConfigRefusal(researchOnly, facts())).toEqual({
      forbidden: true,
      reason: 'You do not have permission to process non-research cases.',
    });
    expect(legacyConfigAction(physician, facts())).toEqual({ show: false });
  });

  it('says why on a finished case, and hides the action without a study', () => {
    expect(legacyConfigRefusal(analyst, facts({ status: C.COMPLETED }))).toEqual({
      forbidden: false,
      reason: LEGACY_CONFIG_FINISHED,
    });
    expect(legacyConfigAction(analyst, facts({ status: C.REJECTED }))).toEqual({
      show: true,
      allowed: false,
      reason: LEGACY_CONFIG_FINISHED,
    });
    expect(legacyConfigAction(analyst, facts({ hasStudy: false }))).toEqual({ show: false });
  });
});
