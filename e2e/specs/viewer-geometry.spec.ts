import type { Page } from '@playwright/test';
import { acceptCookies, signIn } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  MARKERS,
  type Marker,
  PANES,
  type PaneId,
  type PaneLabels,
  type PaneProbe,
  panePositions,
  physicianMarkerPhantomStudy,
  probePanes,
  screenPointOf,
  waitForWholeVolume,
} from '../support/viewer.ts';

const ANALYST = 'case-analyst@cardiomap.test';

// A bigger window than the default, so a 4 mm marker covers many pixels in every pane.
test.use({ viewport: { width: 1600, height: 1000 } });

/** Bright: the 1500 HU marker under the default window (230/1075) is white; soft tissue (40 HU) is grey. */
const BRIGHT = 200;
const GREY_BELOW = 150;

/**
 * Cornerstone's standard views, as a radiologist reads them: the patient's right on the screen's left
 * in axial and coronal, anterior on the left in sagittal, head up (H/F letters, spec §2 "Viewer").
 */
const STRAIGHT_LABELS: Record<PaneId, PaneLabels> = {
  axial: { top: 'A', bottom: 'P', left: 'R', right: 'L' },
  coronal: { top: 'H', bottom: 'F', left: 'R', right: 'L' },
  sagittal: { top: 'H', bottom: 'F', left: 'A', right: 'P' },
};

/**
 * The coronal and sagittal panes turned 30° about the patient's head–feet axis (as the crosshairs'
 * rotate handle in the axial pane does): screen right, once L (coronal) or P (sagittal), now leans
 * 0.87 that way and 0.5 towards P or R; the strongest letter comes first. Axial is not turned.
 */
const TURN = { panes: ['coronal', 'sagittal'] as PaneId[], axis: [0, 0, 1] as [number, number, number], degrees: 30 };
const TURNED_LABELS: Record<PaneId, PaneLabels> = {
  axial: STRAIGHT_LABELS.axial,
  coronal: { top: 'H', bottom: 'F', left: 'RA', right: 'LP' },
  sagittal: { top: 'H', bottom: 'F', left: 'AL', right: 'PR' },
};

/** The patient direction one letter names (DICOM LPS). */
const LETTER_DIRECTION: Record<string, [number, number, number]> = {
  L: [1, 0, 0],
  R: [-1, 0, 0],
  P: [0, 1, 0],
  A: [0, -1, 0],
  H: [0, 0, 1],
  F: [0, 0, -1],
};

/** The letters on screen are the read-out's, and the read-out's are the expected ones. */
async function expectLabels(page: Page, pane: PaneId, probe: PaneProbe, expected: PaneLabels) {
  expect(probe.labels, `${pane} labels`).toEqual(expected);
  for (const edge of ['top', 'bottom', 'left', 'right'] as const)
    await expect(page.getByTestId(`mpr-${pane}-label-${edge}`)).toHaveText(expected[edge]);
}

/**
 * The marker is bright exactly where the camera predicts and the tissue 12 mm away is not: the volume
 * sits in patient space where the camera thinks it does.
 */
function expectMarkerShown(pane: PaneId, marker: Marker, probe: PaneProbe) {
  expect(probe.value, `${marker.name} bright in ${pane} at ${probe.at.map(Math.round)}`).toBeGreaterThan(BRIGHT);
  expect(probe.nearby, `grey tissue beside ${marker.name} in ${pane}`).toBeLessThan(GREY_BELOW);
}

/**
 * The marker lies on the side of the screen whose label names its direction from the centre: an
 * image shown mirrored under correct letters (or letters swapped on a correct image) fails here.
 */
function expectMarkerOnLabelledSide(pane: PaneId, marker: Marker, probe: PaneProbe, focal: [number, number, number]) {
  const offset = marker.position.map((v, i) => v - (focal[i] ?? 0));
  const along = (letter: string) => {
    const direction = LETTER_DIRECTION[letter] as [number, number, number];
    return offset[0]! * direction[0] + offset[1]! * direction[1] + offset[2]! * direction[2];
  };
  const towardsRight = along(probe.labels.right);
  const towardsTop = along(probe.labels.top);
  // Only where the marker is clearly off the centre line on that axis (all markers are ≥ 12 mm off).
  if (Math.abs(towardsRight) > 5)
    expect(Math.sign(probe.at[0] - probe.centre[0]), `${marker.name} left/right in ${pane}`).toBe(
      Math.sign(towardsRight),
    );
  if (Math.abs(towardsTop) > 5)
    expect(Math.sign(probe.centre[1] - probe.at[1]), `${marker.name} up/down in ${pane}`).toBe(Math.sign(towardsTop));
}

test('each marker of the phantom shows where the camera puts it, under the right letters, also after an oblique turn', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const studyId = await physicianMarkerPhantomStudy(page, testInfo, 'E2E-GEO');

  // The analyst may view the undelivered case's volume.
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await acceptCookies(context, baseURL ?? '');
  const analyst = await context.newPage();
  await signIn(analyst, ANALYST);
  await analyst.goto(`/study-viewer/${studyId}/mprviewer`);
  await waitForWholeVolume(analyst);
  // The first image is the early preview's or the engine's, whichever came first, and is marked once.
  expect(await analyst.evaluate(() => performance.getEntriesByName('cm:mpr:first-frame').length)).toBe(1);
  // The volume is centred on the patient origin (support/viewer.ts): the panes' first focal point.
  const origin: [number, number, number] = [0, 0, 0];

  await test.step('straight panes', async () => {
    for (const marker of MARKERS) {
      const probes = await probePanes(analyst, marker.position);
      for (const pane of PANES) {
        const probe = probes[pane];
        await expectLabels(analyst, pane, probe, STRAIGHT_LABELS[pane]);
        expectMarkerShown(pane, marker, probe);
        expectMarkerOnLabelledSide(pane, marker, probe, origin);
      }
      // Each pane's position read-out is the marker's coordinate on the pane's axis (±half a slice).
      expect(probes.sagittal.positionMm).toBeCloseTo(marker.position[0], 0);
      expect(probes.coronal.positionMm).toBeCloseTo(marker.position[1], 0);
      expect(probes.axial.positionMm).toBeCloseTo(marker.position[2], 0);
    }
  });

  await test.step('a click in the axial pane moves the crosshairs: the other panes go through that point', async () => {
    const [first, second] = MARKERS as [Marker, Marker];
    await probePanes(analyst, second.position);
    const { axial } = await panePositions(analyst);
    // The first marker's x and y on the axial plane the pane shows now (the second marker's).
    const target = await screenPointOf(analyst, 'axial', [first.position[0], first.position[1], axial]);
    await analyst.mouse.move(target.x, target.y);
    await analyst.mouse.down();
    await analyst.mouse.up();
    await expect.poll(() => panePositions(analyst)).toMatchObject({ axial });
    await expect.poll(async () => (await panePositions(analyst)).sagittal).toBeCloseTo(first.position[0], 0);
    await expect.poll(async () => (await panePositions(analyst)).coronal).toBeCloseTo(first.position[1], 0);
  });

  await test.step('coronal and sagittal turned 30° about the head–feet axis', async () => {
    const [first, ...others] = MARKERS as [Marker, ...Marker[]];
    const turned = await probePanes(analyst, first.position, TURN);
    for (const pane of PANES) {
      await expectLabels(analyst, pane, turned[pane], TURNED_LABELS[pane]);
      expectMarkerShown(pane, first, turned[pane]);
    }
    // The other markers, reached by moving the turned planes along their own normals.
    for (const marker of others) {
      const probes = await probePanes(analyst, marker.position);
      for (const pane of PANES) {
        expect(probes[pane].labels).toEqual(TURNED_LABELS[pane]);
        expectMarkerShown(pane, marker, probes[pane]);
      }
    }
  });

  await test.step('the 3D view and back: the same panes, turned as they were, the volume not set again', async () => {
    const [first] = MARKERS as [Marker];
    const before = await panePositions(analyst);
    await analyst.getByRole('tab', { name: '3D' }).click();
    await expect(analyst.getByTestId('mpr-pane-axial')).toBeHidden();
    await analyst.getByRole('tab', { name: 'MPR' }).click();
    await expect(analyst.getByTestId('mpr-pane-axial')).toBeVisible();
    // Issue 30: the engine was kept, so the slice drawn before is back without a new volume or draw.
    await expect.poll(() => analyst.evaluate(() => performance.getEntriesByName('cm:mpr:engine-frame').length)).toBe(2);
    expect(await analyst.evaluate(() => performance.getEntriesByName('cm:mpr:volume-set').length)).toBe(1);
    expect(await panePositions(analyst)).toEqual(before);
    const probes = await probePanes(analyst, first.position);
    for (const pane of PANES) {
      await expectLabels(analyst, pane, probes[pane], TURNED_LABELS[pane]);
      expectMarkerShown(pane, first, probes[pane]);
    }
  });
  await context.close();
});
