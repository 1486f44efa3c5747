import { meshPlaneSection, prepareSectionMesh, type SectionMesh, type SectionPolyline } from '@cardiomap/domain';
import type { BufferGeometry } from 'three';
import type { MprEngine } from '../mpr/mpr-engine.ts';
import { PANE_IDS, type PaneId } from '../mpr/mpr-settings.ts';
import { createSnapshotStore } from '../mpr/snapshot-store.ts';
import { type LoadSceneObject, loadSceneObject } from '../scene/load-mesh.ts';
import { sectionPath } from './contour-paths.ts';

/** The Atrium or Aorta result whose outline the panes show. */
export interface ContourSource {
  id: string;
  name: string;
  filename: string;
  mimeType?: string;
  readUrl: string | null;
}

export type ContourEngine = Pick<MprEngine, 'paneProjection' | 'onPaneRendered'>;

export interface ContourSnapshot {
  revision: number;
  enabled: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Per pane, the SVG path of the mesh's cut with the pane's plane; '' where the plane misses it. */
  paths: Record<PaneId, string>;
}

export interface ContourController {
  setEngine(engine: ContourEngine | null): void;
  setSource(source: ContourSource | null): void;
  setEnabled(enabled: boolean): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ContourSnapshot;
  destroy(): void;
}

const NO_PATHS: Record<PaneId, string> = { axial: '', coronal: '', sagittal: '' };

interface PaneCut {
  planeKey: string;
  polylines: SectionPolyline[];
}

/**
 * The MPR contour as a plain controller: downloads the source's mesh once it is turned on, cuts it with
 * each pane's plane after every redraw of that pane and publishes the cuts as SVG paths. The cut in mm
 * is kept while only zoom or pan change (same plane), so those just re-project it. A newer source or
 * turning it off discards what a running download still delivers.
 */
export function createContourController(options: { loadMesh?: LoadSceneObject } = {}): ContourController {
  const loadMesh = options.loadMesh ?? loadSceneObject;
  const store = createSnapshotStore<ContourSnapshot>({
    revision: 0,
    enabled: false,
    status: 'idle',
    error: null,
    paths: NO_PATHS,
  });
  let engine: ContourEngine | null = null;
  let stopListening: (() => void) | null = null;
  let source: ContourSource | null = null;
  let meshes: SectionMesh[] | null = null;
  let download: AbortController | null = null;
  const cuts: Partial<Record<PaneId, PaneCut>> = {};

  function setEngine(next: ContourEngine | null) {
    if (next === engine) return;
    stopListening?.();
    engine = next;
    stopListening = next?.onPaneRendered(draw) ?? null;
    drawAll();
  }

  function setSource(next: ContourSource | null) {
    if (next?.id === source?.id && next?.readUrl === source?.readUrl) return;
    // A refetch signs the same file anew: the mesh in hand is still the one wanted.
    const sameFile = next !== null && next.id === source?.id && meshes !== null;
    source = next;
    if (sameFile) return;
    forgetMesh();
    store.update({ status: 'idle', error: null, paths: NO_PATHS });
    if (store.getSnapshot().enabled) void fetchMesh();
  }

  function setEnabled(enabled: boolean) {
    if (enabled === store.getSnapshot().enabled) return;
    store.update({ enabled, paths: NO_PATHS });
    if (!enabled) return;
    if (meshes) drawAll();
    else void fetchMesh();
  }

  async function fetchMesh() {
    const wanted = source;
    if (!wanted || download) return;
    const abort = new AbortController();
    download = abort;
    store.update({ status: 'loading', error: null });
    let geometries: BufferGeometry[] = [];
    try {
      geometries = await loadMesh(
        { url: wanted.readUrl, filename: wanted.filename, mimeType: wanted.mimeType },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      meshes = geometries.map(sectionMeshOf);
      store.update({ status: 'ready' });
      drawAll();
    } catch (error) {
      if (abort.signal.aborted) return;
      store.update({ status: 'error', error: (error as Error).message });
    } finally {
      for (const geometry of geometries) geometry.dispose();
      if (download === abort) download = null;
    }
  }

  function forgetMesh() {
    download?.abort();
    download = null;
    meshes = null;
    for (const pane of PANE_IDS) delete cuts[pane];
  }

  function drawAll() {
    for (const pane of PANE_IDS) draw(pane);
  }

  function draw(pane: PaneId) {
    const { enabled, paths } = store.getSnapshot();
    if (!enabled || !meshes || !engine) return;
    const projection = engine.paneProjection(pane);
    if (!projection) return;
    const { plane } = projection;
    const planeKey = `${plane.normal.join(',')}|${plane.centroid.join(',')}`;
    let cut = cuts[pane];
    if (cut?.planeKey !== planeKey) {
      const mm = meshes;
      cut = { planeKey, polylines: mm.flatMap((mesh) => meshPlaneSection(mesh, plane).polylines) };
      cuts[pane] = cut;
    }
    const path = sectionPath(cut.polylines, projection.toCanvas);
    if (path !== paths[pane]) store.update({ paths: { ...paths, [pane]: path } });
  }

  return {
    setEngine,
    setSource,
    setEnabled,
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    destroy() {
      stopListening?.();
      stopListening = null;
      engine = null;
      forgetMesh();
      store.dispose();
    },
  };
}

/** Read through the attribute, not its array: glTF positions may be interleaved with other data. */
function sectionMeshOf(geometry: BufferGeometry): SectionMesh {
  const position = geometry.getAttribute('position');
  const xyz = new Float64Array(position.count * 3);
  for (let v = 0; v < position.count; v++) {
    xyz[3 * v] = position.getX(v);
    xyz[3 * v + 1] = position.getY(v);
    xyz[3 * v + 2] = position.getZ(v);
  }
  return prepareSectionMesh(xyz, geometry.getIndex()?.array ?? null);
}
