/** CPU readings from Linux's /proc, for tests that bound work and for the benches. */
import fs from 'node:fs';

/** Fields of /proc/<pid>/stat after the command name; index 0 is the state (field 3 of proc(5)). */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // not Linux, or the process is gone
  }
}

/** Clock ticks per second of /proc/<pid>/stat: 100 on every Linux we run on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used by this process's finished children. Unlike wall time it hardly
 * changes when other work shares the machine.
 */
export function childCpuSeconds(): number {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND : Number.NaN;
}

/** CPU seconds (user + system) a running process has used so far. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : Number.NaN;
}
