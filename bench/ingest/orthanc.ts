// Orthanc, the reference DICOM server the ingest bench measures against (stack-notes.md): the Debian
// package, installed when missing, run as a child process with its own configuration and storage in a
// temporary folder. It listens on all interfaces whatever we say, so remote access is refused and
// authentication is on with a user made up for this run.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface RunningOrthanc {
  url: string;
  pid: number;
  version: string;
  /** POSTs a zip to /instances and answers when Orthanc has answered (it stores every file first). */
  uploadZip(path: string): Promise<{ seconds: number; instancesStored: number; failed: number }>;
  /** Instances in Orthanc's database now. */
  countInstances(): Promise<number>;
  /** The tail of Orthanc's log, to explain a failure. */
  logTail(): string;
  stop(): Promise<void>;
}

function hasOrthanc(): boolean {
  try {
    execFileSync('Orthanc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs the Debian package when Orthanc is not on the PATH (the bench runs as root on our machines).
 * Debian starts no service here (policy-rc.d), and we never use the system one.
 */
export function ensureOrthancInstalled(): void {
  if (hasOrthanc()) return;
  console.info('Orthanc is missing: installing the Debian package (apt-get install orthanc)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'orthanc'], { stdio: 'inherit', env });
}

export interface OrthancSettings {
  folder: string;
  httpPort: number;
  /** The DICOM (C-STORE) listener, off unless a port is given: the bench only uses REST. */
  dicomPort: number | null;
}

async function waitForOrthanc(url: string, headers: Record<string, string>, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Orthanc exited with code ${child.exitCode}:\n${log()}`);
    const ok = await fetch(`${url}/system`, { headers })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Orthanc did not answer within 60 s:\n${log()}`);
}

export async function startOrthanc(s: OrthancSettings): Promise<RunningOrthanc> {
  ensureOrthancInstalled();
  const storage = join(s.folder, 'storage');
  mkdirSync(storage, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  const config = {
    Name: 'cardiomap-bench',
    StorageDirectory: storage,
    IndexDirectory: storage,
    TemporaryDirectory: join(s.folder, 'tmp'),
    StorageCompression: false,
    Plugins: [],
    HttpPort: s.httpPort,
    // Orthanc binds every interface: refuse other hosts, and ask everyone for credentials anyway.
    RemoteAccessAllowed: false,
    AuthenticationEnabled: true,
    RegisteredUsers: { bench: password },
    DicomServerEnabled: s.dicomPort !== null,
    DicomPort: s.dicomPort ?? 18242,
    WebDavEnabled: false,
    OrthancExplorerEnabled: false,
    LuaScripts: [],
    DicomModalities: {},
    OrthancPeers: {},
    SaveJobs: false,
  };
  mkdirSync(config.TemporaryDirectory, { recursive: true });
  const configPath = join(s.folder, 'orthanc.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2), { mode: 0o600 });
  const logPath = join(s.folder, 'orthanc.log');
  const logFd = openSync(logPath, 'a');
  const child = spawn('Orthanc', [configPath], { stdio: ['ignore', logFd, logFd] });
  const url = `http://127.0.0.1:${s.httpPort}`;
  const headers = { authorization: `Basic ${Buffer.from(`bench:${password}`).toString('base64')}` };
  const logTail = () => {
    try {
      return readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await waitForOrthanc(url, headers, child, logTail);
  } catch (error) {
    await stop();
    throw error;
  }
  const system = (await (await fetch(`${url}/system`, { headers })).json()) as { Version: string };

  return {
    url,
    pid: child.pid as number,
    version: system.Version,
    logTail,
    stop,
    async countInstances() {
      const statistics = (await (await fetch(`${url}/statistics`, { headers })).json()) as { CountInstances: number };
      return statistics.CountInstances;
    },
    async uploadZip(path) {
      const started = performance.now();
      const response = await fetch(`${url}/instances`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/zip', 'content-length': String(statSync(path).size) },
        body: Readable.toWeb(createReadStream(path, { highWaterMark: 1024 * 1024 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      const seconds = (performance.now() - started) / 1000;
      if (!response.ok) throw new Error(`Orthanc answered ${response.status}: ${text.slice(0, 300)}`);
      // A zip answers one entry per file: Status "Success" (or "AlreadyStored" on a second upload).
      const answer = JSON.parse(text) as { Status?: string }[] | { Status?: string };
      const entries = Array.isArray(answer) ? answer : [answer];
      const stored = entries.filter((e) => e.Status === 'Success' || e.Status === 'AlreadyStored').length;
      return { seconds, instancesStored: stored, failed: entries.length - stored };
    },
  };
}
