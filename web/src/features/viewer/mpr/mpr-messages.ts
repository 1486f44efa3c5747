import type { MprSnapshot } from './mpr-engine.ts';

/** Spec §8 "Missing read URL": also what an expired or refused volume link shows. */
export const VOLUME_NOT_ACCESSIBLE = "File does not exists or you don't have permission to access it.";

const MESSAGES: Record<NonNullable<MprSnapshot['error']>['kind'], string> = {
  access: VOLUME_NOT_ACCESSIBLE,
  network: 'The images could not be downloaded. Check the connection and reload the page.',
  format: 'The image volume is damaged and cannot be shown. Please contact support.',
  render: 'This browser cannot display the images (WebGL 2 is needed).',
};

export function mprErrorMessage(error: NonNullable<MprSnapshot['error']>): string {
  return MESSAGES[error.kind];
}
