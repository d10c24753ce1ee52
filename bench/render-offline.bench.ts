/**
 * Times the offline video model: 8-second 9:16 segments at 720p and 1080p, with the system ffmpeg and the
 * npm-shipped 4.1 build. Run with `npx tsx bench/render-offline.bench.ts [--runs=3]`; prints a markdown table
 * for docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEGMENT_SECONDS, type VideoResolution } from '../src/shared/generation.ts';
import { createOfflineVideoModel } from '../src/server/providers/video-model/offline-video-model.ts';
import { type FfmpegBinaries, locateFfmpeg } from '../src/server/render/ffmpeg-binaries.ts';
import { withScratchDir } from '../src/server/render/scratch-dir.ts';

const runsArgument = process.argv.find((arg) => arg.startsWith('--runs='));
const runs = Math.max(1, Number(runsArgument?.slice('--runs='.length) ?? 3) || 3);
const prompts = [
  'Neon city streets at night, rain on the glass',
  'A quiet forest at sunrise with mist',
  'Ocean waves rolling onto a white beach',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * CPU seconds (user + system) used by finished child processes, from Linux's /proc (ticks of 1/100 s).
 * Unlike wall time it hardly changes when other work shares the machine.
 */
function childCpuSeconds(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN; // not Linux
  }
}

async function timeRenders(
  binaries: FfmpegBinaries,
  resolution: VideoResolution,
): Promise<{ seconds: number[]; cpuSeconds: number[] }> {
  const model = createOfflineVideoModel(binaries);
  return withScratchDir('promptreel-bench', async (dir) => {
    const seconds: number[] = [];
    const cpuSeconds: number[] = [];
    for (let run = 0; run < runs; run++) {
      const cpuBefore = childCpuSeconds();
      const started = performance.now();
      await model.generateSegment({
        prompt: prompts[run % prompts.length] as string,
        aspectRatio: '9:16',
        resolution,
        durationSeconds: SEGMENT_SECONDS,
        segmentIndex: 0,
        totalSegments: 1,
        outputFile: path.join(dir, `segment-${run}.mp4`),
      });
      seconds.push((performance.now() - started) / 1000);
      cpuSeconds.push(childCpuSeconds() - cpuBefore);
    }
    return { seconds, cpuSeconds };
  });
}

const builds: Array<[string, FfmpegBinaries]> = [
  ['system', await locateFfmpeg({ ffmpeg: {} }, process.env.PATH)],
  ['npm', await locateFfmpeg({ ffmpeg: {} }, '/nonexistent')],
];

const cpus = os.cpus();
console.log(
  `Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
    `load average at start ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}; ${new Date().toISOString().slice(0, 10)}`,
);
console.log('');
console.log(`| ffmpeg | segment | runs | median wall | min | max | x real time | median CPU (ffmpeg) |`);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const [label, binaries] of builds) {
  for (const resolution of ['720p', '1080p'] as const) {
    const { seconds, cpuSeconds } = await timeRenders(binaries, resolution);
    const middle = median(seconds);
    const cells = [
      `${label} ${binaries.version}`,
      `${SEGMENT_SECONDS} s 9:16 ${resolution}`,
      String(runs),
      `${middle.toFixed(2)} s`,
      `${Math.min(...seconds).toFixed(2)} s`,
      `${Math.max(...seconds).toFixed(2)} s`,
      `${(SEGMENT_SECONDS / middle).toFixed(1)}x`,
      `${median(cpuSeconds).toFixed(2)} s`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}
