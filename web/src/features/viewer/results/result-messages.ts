/** The named results analysts attach most (issue 17); any other name may be typed. */
export const RESULT_NAME_SUGGESTIONS = ['Atrium', 'Aorta', 'LAA'] as const;
export const MESH_ACCEPT = '.stl,.ply,.obj,.gltf,.glb,.vtp';
export const MESH_MAX_BYTES = 200 * 1024 * 1024;
export const MESH_TOO_LARGE = 'The file is too large: at most 200 MB.';
export const RESULT_ADDED = 'Result added';
export const RESULT_DELETED = 'Result deleted';
export const FIGURE_SAVED = 'Figure saved';
export const FIGURE_DELETED = 'Figure deleted';
/** Per name, the colour a result gets unless the analyst picks another. */
export const DEFAULT_RESULT_COLORS: Readonly<Record<string, string>> = {
  Atrium: '#4a90d9',
  Aorta: '#d9534f',
  LAA: '#9b59b6',
};
export const defaultResultColor = (name: string) => DEFAULT_RESULT_COLORS[name.trim()] ?? '#e0a030';
