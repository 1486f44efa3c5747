import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 22: `request.ip` is attacker text when forwarding headers are trusted loosely, and a raw value
// once reached the audit trail. Every route reads the address through lib/client-address.ts (an IP or
// nothing); this keeps a route added later from reading `request.ip` directly.
const ROOT = resolve(import.meta.dirname, '..');
const SERVER_SRC = join(ROOT, 'server', 'src');
const ALLOWED = join(SERVER_SRC, 'lib', 'client-address.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) ? [path] : [];
  });
}

function rawAddressReads(files: string[]): string[] {
  return files.flatMap((file) => {
    if (file === ALLOWED) return [];
    const source = readFileSync(file, 'utf8');
    return /\b(?:request|req)\.ips?\b/.test(source) ? [relative(ROOT, file)] : [];
  });
}

describe('the client address', () => {
  it('is read only through lib/client-address.ts', () => {
    expect(rawAddressReads(sourceFiles(SERVER_SRC))).toEqual([]);
  });
});
