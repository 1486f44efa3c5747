import { createHash } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * A run's work folder says who owns it: `job-<job id>-<lease id>-<host>-<pid>-<random>`. The lease tells
 * whether the run still holds its job; host and pid let the next worker start on this machine remove
 * the folder of a killed process at once, without waiting for its heartbeat to go stale, and without
 * touching the folders of other live workers sharing the folder (another pid, or another machine).
 */
export async function makeWorkFolder(tempDir: string, run: { jobId: string; leaseId: string }): Promise<string> {
  await mkdir(tempDir, { recursive: true });
  return mkdtemp(join(tempDir, `job-${run.jobId}-${run.leaseId}-${hostTag()}-${process.pid}-`));
}

let tag: string | undefined;
/** 8 hex characters of the host name: fixed length, so the folder name stays parseable. */
export function hostTag(): string {
  tag ??= createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
  return tag;
}

/** Whether a process of this machine still runs (signal 0 only checks; EPERM means it exists). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
