/** Spec §8 "Organisation request failures": the error banner's title. */
export const REQUEST_PROBLEM = 'There was a problem!';
