import type { VolumeLevels } from '@cardiomap/domain';
import { openFirstImageGate } from './first-image-gate.ts';
import { AIR_HU, levelsOrDefault, PANE_IDS, type PaneId } from './mpr-settings.ts';
import { createPanePreview, type PanePreview } from './slice-preview.ts';
import type { DownloadView, VolumeDownload } from './volume-download.ts';

export interface EarlyPreviewOptions {
  /** The viewer load's levels; the file's own when it gives none (as the engine does). */
  levels?: Partial<VolumeLevels> | null;
  /** Share of slices in, 0–100, as they arrive. */
  onProgress?(percent: number): void;
  /** Once: true when the first image is on screen, false when none will be drawn. */
  onSettled?(drawn: boolean): void;
}

/**
 * The first image while the MPR chunk is not loaded yet: each pane's 2D preview (slice-preview.ts)
 * drawn from the study's volume download as soon as its middle slices are in, the coronal and sagittal
 * ones gaining rows as more arrive. Marks `cm:mpr:first-frame` once it is on screen and then opens the
 * gate for the chunk; so does finding that it cannot draw (a failed download, an oblique volume).
 * The engine draws the same previews into its own panes when it takes over. Returns the clean-up.
 */
export function startEarlyPreview(
  download: VolumeDownload,
  elements: Readonly<Partial<Record<PaneId, HTMLElement | null>>>,
  { levels, onProgress, onSettled }: EarlyPreviewOptions = {},
): () => void {
  let previews: Partial<Record<PaneId, PanePreview>> | null = null;
  /** Set when no preview can be drawn: later arrivals change nothing. */
  let none = false;
  let frame = 0;
  let stopped = false;
  let shownLevels: VolumeLevels | null = null;
  let settled = false;
  const settle = (drawn: boolean) => {
    if (!settled) onSettled?.(drawn);
    settled = true;
    openFirstImageGate();
  };

  const drawFirst = (view: DownloadView) => {
    shownLevels = levelsOrDefault(levels?.windowWidth ? levels : view.header.levels);
    const made: Partial<Record<PaneId, PanePreview>> = {};
    for (const pane of PANE_IDS) {
      const element = elements[pane];
      const preview = element
        ? createPanePreview(element, pane, view.header, view.voxels, { slices: view.present, absent: AIR_HU })
        : null;
      if (preview) made[pane] = preview;
    }
    if (!made.axial) {
      // An oblique volume (or no room to draw): Cornerstone's first frame will be the first image.
      for (const preview of Object.values(made)) preview.remove();
      none = true;
      settle(false);
      return;
    }
    for (const preview of Object.values(made)) preview.draw(shownLevels);
    previews = made;
    // The second frame callback runs once the frame with the previews has been presented.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (stopped) return;
        if (download.claimFirstFrame()) performance.mark('cm:mpr:first-frame');
        settle(true);
      });
    });
  };

  const onSlices = (view: DownloadView) => {
    if (stopped || none) return;
    let loaded = 0;
    for (const k of view.present) loaded += k;
    onProgress?.(Math.floor((100 * loaded) / view.present.length));
    if (!previews) return drawFirst(view);
    if (frame) return;
    // More slices: the coronal and sagittal previews gain their rows, at most once a frame.
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (stopped || !previews || !shownLevels) return;
      previews.coronal?.draw(shownLevels);
      previews.sagittal?.draw(shownLevels);
    });
  };
  // A failed download leaves the error to the engine, which starts afresh and reports it.
  const stopWatching = download.watch({ slices: onSlices, ended: () => settle(false) });

  return () => {
    stopped = true;
    stopWatching();
    if (frame) cancelAnimationFrame(frame);
    for (const preview of Object.values(previews ?? {})) preview.remove();
    previews = null;
  };
}
