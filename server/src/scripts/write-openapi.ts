// Writes server/openapi.json from the contract-registered routes; `--check` fails when the committed copy drifted.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../lib/openapi-document.ts';

const target = new URL('../../openapi.json', import.meta.url).pathname;
const fresh = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file is drift too.
  }
  if (committed !== fresh) {
    console.error('server/openapi.json is out of date with packages/contract: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.info('server/openapi.json matches the contract.');
} else {
  writeFileSync(target, fresh);
  console.info(`wrote ${target}`);
}
