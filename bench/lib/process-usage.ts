// Memory and CPU of another process on this machine, read from /proc (Linux only), for benches that
// must say how much a server used while it worked.
import { readFileSync, writeFileSync } from 'node:fs';

const MIB = 1024 * 1024;

/** A field of /proc/<pid>/status such as VmRSS or VmHWM, in bytes; null once the process is gone. */
export function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Resets the kernel's peak-RSS mark (VmHWM) of `pid` to its current RSS, so the next VmHWM is the peak
 * of what follows, not of the process's start. Needs to own the process or be root; false when refused.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface PeakRss {
  /** Highest RSS seen, in MiB: the larger of the samples and the kernel's VmHWM when it was reset. */
  stop(): { peakMiB: number; source: string };
}

/**
 * Samples VmRSS every `everyMs` and, when allowed, resets VmHWM at the start so a peak between two
 * samples is caught too.
 */
export function watchPeakRss(pid: number, everyMs = 100): PeakRss {
  const kernelPeak = resetPeakRss(pid);
  let sampled = statusBytes(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, statusBytes(pid, 'VmRSS') ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sampled = Math.max(sampled, statusBytes(pid, 'VmRSS') ?? 0);
      const hwm = kernelPeak ? (statusBytes(pid, 'VmHWM') ?? 0) : 0;
      return {
        peakMiB: Math.round(Math.max(sampled, hwm) / MIB),
        source: kernelPeak ? 'VmHWM (reset at start) and VmRSS samples' : `VmRSS sampled every ${everyMs} ms`,
      };
    },
  };
}

/** CPU time (user + system) `pid` has used, in seconds; null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux we run on
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/**
 * Waits until `pid` has used under 5 % of a core for a whole second (start-up work, such as the demo
 * seed's own ingest, is over), or `timeoutMs` passed. Answers whether it became quiet.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuSeconds(pid) ?? 0;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now === null) return false;
    if (now - before < 0.05) return true;
    before = now;
  }
  return false;
}
