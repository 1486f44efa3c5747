import { meshError } from './mesh-limits.ts';

/** Longest line a text mesh may have: a vertex or face line is tens of characters. */
const MAX_LINE = 64 * 1024;

/**
 * Calls `visit` with each line of a text file (without its end-of-line), numbered from 1, without
 * decoding the whole file into one string: a 200 MB OBJ stays 200 MB in memory.
 */
export function forEachLine(data: Uint8Array, visit: (line: string, number: number) => void, start = 0): void {
  const decoder = new TextDecoder('latin1');
  let number = 0;
  for (let at = start; at < data.length; ) {
    let end = data.indexOf(0x0a, at);
    if (end < 0) end = data.length;
    if (end - at > MAX_LINE) throw meshError(`Line ${number + 1} is longer than ${MAX_LINE} characters.`);
    number++;
    visit(decoder.decode(data.subarray(at, end)), number);
    at = end + 1;
  }
}
