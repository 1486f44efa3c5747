import { describe, expect, it } from 'vitest';
import { nextLandmarkFocus } from './landmark-focus.ts';

const A = 'e1000000-0000-4000-8000-00000000000a';
const B = 'e1000000-0000-4000-8000-00000000000b';

describe('landmark focus (issue 30 §1)', () => {
  it('a link opens on its landmark as the first request', () => {
    expect(nextLandmarkFocus(null, { kind: 'link', landmarkId: A, navigation: 'k1' })).toEqual({
      landmarkId: A,
      serial: 1,
      navigation: 'k1',
    });
  });

  it('the same navigation seen again asks nothing new; following a link again in the tab does', () => {
    const opened = nextLandmarkFocus(null, { kind: 'link', landmarkId: A, navigation: 'k1' });
    expect(nextLandmarkFocus(opened, { kind: 'link', landmarkId: A, navigation: 'k1' })).toBe(opened);
    const again = nextLandmarkFocus(opened, { kind: 'link', landmarkId: A, navigation: 'k2' });
    expect(again).toMatchObject({ landmarkId: A, serial: 2 });
    expect(nextLandmarkFocus(again, { kind: 'link', landmarkId: B, navigation: 'k3' })).toMatchObject({
      landmarkId: B,
      serial: 3,
    });
  });

  it('a click on the landmark already selected is a new request: the panes re-centre', () => {
    const linked = nextLandmarkFocus(null, { kind: 'link', landmarkId: A, navigation: 'k1' });
    const clicked = nextLandmarkFocus(linked, { kind: 'select', landmarkId: A });
    expect(clicked).toMatchObject({ landmarkId: A, serial: 2 });
    expect(nextLandmarkFocus(clicked, { kind: 'select', landmarkId: A }).serial).toBe(3);
  });

  it('after a click, the link of the navigation that opened the page is not taken again', () => {
    const linked = nextLandmarkFocus(null, { kind: 'link', landmarkId: A, navigation: 'k1' });
    const clicked = nextLandmarkFocus(linked, { kind: 'select', landmarkId: B });
    expect(nextLandmarkFocus(clicked, { kind: 'link', landmarkId: A, navigation: 'k1' })).toBe(clicked);
    expect(nextLandmarkFocus(clicked, { kind: 'link', landmarkId: A, navigation: 'k2' })).toMatchObject({
      landmarkId: A,
      serial: 3,
    });
  });
});
