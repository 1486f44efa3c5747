import { describe, expect, it } from 'vitest';
import { STUDY_ID } from './testing/viewer-fixtures.ts';
import { parseStudyId, parseViewerLink, viewerPaths } from './viewer-paths.ts';

describe('parseViewerLink', () => {
  it('reads the study and child of the viewer routes, embedded or not', () => {
    expect(parseViewerLink(viewerPaths.mprviewer(STUDY_ID))).toEqual({
      studyId: STUDY_ID,
      child: 'mprviewer',
      embedded: false,
    });
    expect(parseViewerLink(viewerPaths.study(STUDY_ID))?.child).toBe('3dsurfaceviewer');
    expect(parseViewerLink(viewerPaths.iframe(STUDY_ID))).toEqual({
      studyId: STUDY_ID,
      child: undefined,
      embedded: true,
    });
    expect(parseViewerLink(`/iframe-viewer/${STUDY_ID}/mprviewer/`)).toEqual({
      studyId: STUDY_ID,
      child: 'mprviewer',
      embedded: true,
    });
  });

  it('answers null for other pages and for paths that name no study', () => {
    for (const path of [
      '/cases',
      `/case-detail/${STUDY_ID}`,
      '/study-viewer/not-a-study/mprviewer',
      `/study-viewer/${STUDY_ID}/mprviewer/extra`,
      `/study-viewer/${STUDY_ID}x/mprviewer`,
    ])
      expect(parseViewerLink(path), path).toBeNull();
  });
});

describe('parseStudyId', () => {
  it('takes a study id, any case, and nothing else', () => {
    expect(parseStudyId(STUDY_ID)).toBe(STUDY_ID);
    expect(parseStudyId(STUDY_ID.toUpperCase())).toBe(STUDY_ID.toUpperCase());
    for (const segment of ['', 'not-a-study', `${STUDY_ID}x`, STUDY_ID.slice(1)])
      expect(parseStudyId(segment), segment).toBeNull();
  });
});
