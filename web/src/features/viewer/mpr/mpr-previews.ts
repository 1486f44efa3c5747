import type { VolumeHeader, VolumeLevels } from '@cardiomap/domain';
import { AIR_HU, PANE_IDS, type PaneId } from './mpr-settings.ts';
import { createPanePreview, type PanePreview } from './slice-preview.ts';

/** The voxels so far, and which slices are in them. */
export interface PreviewSource {
  header: VolumeHeader;
  voxels: Int16Array;
  present: Uint8Array;
}

/**
 * The engine's 2D first images (slice-preview.ts), one canvas over each pane until Cornerstone has
 * drawn the volume: Cornerstone's first draw allocates the GPU texture, seconds in software GL, so the
 * panes show these meanwhile. While slices stream in, the coronal and sagittal ones gain their rows.
 */
export function createMprPreviews() {
  let previews: Partial<Record<PaneId, PanePreview>> = {};
  let frame = 0;
  /** Changes whenever the previews go, so a pending hand-over of removed previews is dropped. */
  let generation = 0;

  function remove() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    for (const preview of Object.values(previews)) preview.remove();
    previews = {};
    generation++;
  }

  return {
    get generation() {
      return generation;
    },
    /**
     * Draws each pane's preview in its element; false when the axial pane got none (an oblique volume,
     * no room to draw): Cornerstone's first frame is then the first image.
     */
    show(elements: Record<PaneId, HTMLElement>, source: PreviewSource, levels: VolumeLevels): boolean {
      remove();
      for (const pane of PANE_IDS) {
        const { header, voxels, present } = source;
        const preview = createPanePreview(elements[pane], pane, header, voxels, { slices: present, absent: AIR_HU });
        if (!preview) continue;
        preview.draw(levels);
        previews[pane] = preview;
      }
      return Boolean(previews.axial);
    },
    /** Slices arrived: the coronal and sagittal previews redraw on the next frame, with the levels then. */
    scheduleRedraw(levels: () => VolumeLevels): void {
      if (frame || (!previews.coronal && !previews.sagittal)) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        previews.coronal?.draw(levels());
        previews.sagittal?.draw(levels());
      });
    },
    /** One pane's preview goes (Cornerstone has drawn that pane); the others stay. */
    removePane(pane: PaneId): void {
      previews[pane]?.remove();
      delete previews[pane];
    },
    remove,
  };
}

export type MprPreviews = ReturnType<typeof createMprPreviews>;
