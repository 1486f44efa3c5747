import type { MprSnapshot } from '../mpr/mpr-engine.ts';
import { EMPTY_READOUT } from '../mpr/pane-readout.ts';

/** The MPR engine's state once the whole volume is shown, with `change` applied. */
export function mprSnapshotFixture(change: Partial<MprSnapshot> = {}): MprSnapshot {
  return {
    revision: 1,
    status: 'ready',
    error: null,
    progress: { loaded: 500, total: 500 },
    levels: { windowCenter: 230, windowWidth: 1075 },
    toolMode: 'crosshairs',
    interpolationType: 0,
    panes: { axial: EMPTY_READOUT, coronal: EMPTY_READOUT, sagittal: EMPTY_READOUT },
    pointer: null,
    landmarks: { axial: [], coronal: [], sagittal: [] },
    firstFrameMs: 100,
    completeMs: 900,
    ...change,
  };
}
