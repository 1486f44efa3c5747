import { extname } from 'node:path';

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the quoted ASCII fallback for old clients, the RFC 5987
 * form for any name, so a patient's name in a file name survives the download.
 */
export function attachmentDisposition(filename?: string): string {
  if (!filename) return 'attachment';
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Types for what CardioMap stores. Deliberately nothing a browser would render as a page (no HTML, SVG
 * or script types): an uploaded file must never run as our origin.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.zip': 'application/zip',
  '.dcm': 'application/dicom',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.stl': 'model/stl',
  '.vtp': 'application/octet-stream',
  '.cmvol': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export function contentTypeForKey(key: string): string {
  return TYPES_BY_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream';
}
