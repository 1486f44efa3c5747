// What every bench needs: the real server started as `npm start` runs it, a throw-away PostgreSQL
// database, and a signed-in token.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer, serverNodeArgs, serverNodeEnv } from '../../server/scripts/build.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  url: string;
  /** The server's process id (workers run in it unless RUN_WORKERS=false), for memory and CPU figures. */
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`${url}/api/health/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 120 s');
}

/**
 * Builds and starts the server as `npm start` runs it (`server/dist/main.mjs`) as a child process on
 * 127.0.0.1:`port` (migrations and demo seed run as at every start) and waits until it answers its
 * health check.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  await buildServer();
  const server = spawn(process.execPath, serverNodeArgs('main'), {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...serverNodeEnv(), PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', ...env },
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    await waitForHealth(url, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid as number, stop };
}

/** A fresh, empty PostgreSQL database `name` next to `baseUrl`, so a bench never touches real data. */
export async function freshPostgres(baseUrl: string, name: string): Promise<string> {
  const url = new URL(baseUrl);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

/** The `Authorization` header of a signed-in user. */
export async function bearer(url: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed with ${response.status}`);
  const { access } = (await response.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}
