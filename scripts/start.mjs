// `npm start`: install what is missing, build the web app, then run the server (it migrates and seeds).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, ROOT } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
