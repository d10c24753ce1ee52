/** The output every bench prints: one line about the machine, then markdown tables for docs/benchmarks.md. */
import os from 'node:os';

export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

export function machineLine(): string {
  const cpus = os.cpus();
  return (
    `Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
    `load average at start ${loadAverage()}; ${new Date().toISOString().slice(0, 10)}`
  );
}

export function tableHeader(columns: string[]): string {
  return `| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`;
}

export function tableRow(cells: Array<string | number>): string {
  return `| ${cells.join(' | ')} |`;
}
