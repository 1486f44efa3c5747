/** Spec §8 "Missing read URL". */
export const MISSING_FILE = "File does not exists or you don't have permission to access it.";
