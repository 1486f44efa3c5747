import type { FileReport, SetAside } from '../types.ts';

const PHRASES: Record<SetAside['code'], string> = {
  'not-dicom': 'not DICOM',
  corrupt: 'damaged or unreadable',
  truncated: 'cut short (truncated)',
  'no-pixel-data': 'headers without image data',
  'unsupported-transfer-syntax': 'in an image encoding we cannot read',
  'not-ct': 'not CT images',
  'not-an-image': 'reports or other non-image objects',
  localizer: 'localizer (scout) images',
  'derived-or-secondary': 'screenshots or secondary captures',
  'burned-in-annotation': 'images with burned-in patient details',
  dicomdir: 'DICOMDIR index files',
  'unusable-geometry': 'images without usable position information',
  'other-series': 'images of another series',
  'too-large': 'too large',
  duplicate: 'duplicates',
};

/**
 * One sentence for the clinician on why nothing could be used, e.g.
 * "No CT images were found among 5 files: MR images (3), not DICOM (2)."
 */
export function summariseSetAside(files: readonly FileReport[]): string {
  if (files.length === 0) return 'No CT images were found: the zip holds no files.';
  const counts = new Map<string, number>();
  for (const f of files) {
    if (f.outcome !== 'set-aside') continue;
    const phrase = phraseOf(f);
    counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  const parts = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([phrase, n]) => `${phrase} (${n})`);
  const among = files.length === 1 ? 'in the only file' : `among ${files.length} files`;
  return `No CT images were found ${among}: ${parts.join(', ')}.`;
}

function phraseOf(f: FileReport): string {
  if (f.code === 'not-ct') {
    const modality = /^Modality (\S+)/.exec(f.reason ?? '')?.[1];
    if (modality && modality !== 'missing') return `${modality} images`;
  }
  return f.code ? PHRASES[f.code] : 'not usable';
}
