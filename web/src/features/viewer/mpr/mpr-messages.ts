import { MISSING_FILE } from '../viewer-messages.ts';
import type { MprSnapshot } from './mpr-engine.ts';

const MESSAGES: Record<NonNullable<MprSnapshot['error']>['kind'], string> = {
  // Spec §8 "Missing read URL": also what an expired or refused volume link gets.
  access: MISSING_FILE,
  network: 'The images could not be downloaded. Check the connection and reload the page.',
  format: 'The image volume is damaged and cannot be shown. Please contact support.',
  render: 'This browser cannot display the images (WebGL 2 is needed).',
};

export function mprErrorMessage(error: NonNullable<MprSnapshot['error']>): string {
  return MESSAGES[error.kind];
}
