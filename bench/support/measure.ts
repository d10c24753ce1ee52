/** Timing, CPU and memory readings the benches share. CPU and memory come from Linux's /proc. */
import fs from 'node:fs';
import { childCpuSeconds } from '../../src/server/test-support/process-cpu.ts';


/** `--name=value` from the command line as a number, or `fallback` when absent or not a positive number. */
export function numberArgument(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const argument = process.argv.find((arg) => arg.startsWith(prefix));
  const value = Number(argument?.slice(prefix.length));
  return argument && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** `--name=value` from the command line, or undefined when absent or empty. */
export function stringArgument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) || undefined;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `percent` % of the values lie (nearest rank). */
export function percentile(values: number[], percent: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Wall seconds of `work`, the CPU seconds of the child processes it ran to the end, and those this
 * process spent meanwhile (`own`: work done in-process, such as drawing text, plus the event loop).
 */
export async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number; own: number }> {
  const cpuBefore = childCpuSeconds();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  await work();
  const own = process.cpuUsage(ownBefore);
  return { wall: (performance.now() - started) / 1000, cpu: childCpuSeconds() - cpuBefore, own: (own.user + own.system) / 1e6 };
}

/** A memory line of /proc/<pid>/status in MiB: VmRSS (resident now) or VmHWM (peak resident so far). */
export function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Samples a process's resident memory every `intervalMs` until stopped; `stop` returns the highest
 * sample. VmHWM gives the true peak, but only since the process started; sampling gives the peak of
 * one stretch of work.
 */
export function sampleRss(pid: number, intervalMs = 50): { stop(): number } {
  let peak = memoryMiB(pid, 'VmRSS');
  const timer = setInterval(() => {
    const now = memoryMiB(pid, 'VmRSS');
    if (now > peak) peak = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, memoryMiB(pid, 'VmRSS'));
    },
  };
}
