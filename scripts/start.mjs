// `npm start`: install what is missing, build the web app and the server, then run the server (it migrates and seeds).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, ROOT } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
// Imported only now: the server's build needs the dependencies installed above.
const { buildServer, serverNodeArgs, serverNodeEnv } = await import('../server/scripts/build.mjs');
await buildServer();

const server = spawn(process.execPath, serverNodeArgs('main'), { cwd: ROOT, stdio: 'inherit', env: serverNodeEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
