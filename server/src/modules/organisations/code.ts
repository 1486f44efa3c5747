const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Candidate codes for a name: initials and leading letters first, then random ones. */
function* candidates(name: string): Generator<string> {
  const words = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const initials = words.map((w) => w[0]).join('');
  const letters = words.join('');
  if (initials.length >= 3) yield initials.slice(0, 3);
  if (letters.length >= 3) yield letters.slice(0, 3);
  for (let i = 0; i < 200; i += 1) {
    yield Array.from({ length: 3 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
  }
}

/** Spec §5: an empty code is generated; the first free candidate wins (the unique index has the last word). */
export async function generateCode(name: string, taken: (code: string) => Promise<boolean>): Promise<string> {
  for (const code of candidates(name)) {
    if (!(await taken(code))) return code;
  }
  throw new Error('No free organisation code found');
}
