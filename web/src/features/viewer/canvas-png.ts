/** A canvas's current image as a PNG blob (engines capture figures with it; no React here). */
export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The view could not be captured.'))), 'image/png');
  });
}

/** A `data:image/png;base64,…` URL as a blob: read at once, before WebGL clears its drawing buffer. */
export function dataUrlPng(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}
