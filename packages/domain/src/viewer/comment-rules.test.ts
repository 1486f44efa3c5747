import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../permissions.ts';
import { canAddComment } from './comment-rules.ts';

describe('canAddComment', () => {
  const both = new Set([P.addAnalysisResource, P.changeAnalysisResource]);
  const changeOnly = new Set([P.changeAnalysisResource]);
  const addOnly = new Set([P.addAnalysisResource]);

  it.each([
    ['change and add, config or not', both, true, false, true],
    ['change and add, with a config', both, true, true, true],
    ['change only, with a config to patch', changeOnly, true, true, true],
    ['change only, but the config would have to be created', changeOnly, true, false, false],
    ['add only: the comment itself is a change', addOnly, true, true, false],
    ['a colleague the case is only shared with', both, false, true, false],
    ['no permission', new Set<string>(), true, true, false],
  ])('%s', (_, permissions, isMember, hasConfig, expected) => {
    expect(canAddComment(permissions, { isMember, hasConfig })).toBe(expected);
  });
});
