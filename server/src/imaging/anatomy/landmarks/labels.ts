/**
 * The label numbers the landmark proposals read: the segmentation's own table (one table for writer and
 * reader), which equals the test-only anatomy phantom's `LABEL` (a test checks it; shipped code must not
 * import the phantom).
 */
export { ANATOMY_LABEL } from '../types.ts';
