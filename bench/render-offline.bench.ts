/**
 * Times the offline video model: 8-second 9:16 segments at 720p and 1080p, with the system ffmpeg and the
 * npm-shipped 4.1 build. Run with `npx tsx bench/render-offline.bench.ts [--runs=3]`; prints a markdown table
 * for docs/benchmarks.md.
 */
import path from 'node:path';
import { SEGMENT_SECONDS, type VideoResolution } from '../src/shared/generation.ts';
import { createOfflineVideoModel } from '../src/server/providers/video-model/offline-video-model.ts';
import { type FfmpegBinaries, locateFfmpeg } from '../src/server/render/ffmpeg-binaries.ts';
import { withScratchDir } from '../src/server/render/scratch-dir.ts';
import { median, numberArgument, timed } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';

const runs = Math.ceil(numberArgument('runs', 3));
const prompts = [
  'Neon city streets at night, rain on the glass',
  'A quiet forest at sunrise with mist',
  'Ocean waves rolling onto a white beach',
];

async function timeRenders(
  binaries: FfmpegBinaries,
  resolution: VideoResolution,
): Promise<{ seconds: number[]; cpuSeconds: number[] }> {
  const model = createOfflineVideoModel(binaries);
  return withScratchDir('promptreel-bench', async (dir) => {
    const seconds: number[] = [];
    const cpuSeconds: number[] = [];
    for (let run = 0; run < runs; run++) {
      const { wall, cpu } = await timed(() =>
        model.generateSegment({
          prompt: prompts[run % prompts.length] as string,
          aspectRatio: '9:16',
          resolution,
          durationSeconds: SEGMENT_SECONDS,
          segmentIndex: 0,
          totalSegments: 1,
          outputFile: path.join(dir, `segment-${run}.mp4`),
        }),
      );
      seconds.push(wall);
      cpuSeconds.push(cpu);
    }
    return { seconds, cpuSeconds };
  });
}

const builds: Array<[string, FfmpegBinaries]> = [
  ['system', await locateFfmpeg({ ffmpeg: {} }, process.env.PATH)],
  ['npm', await locateFfmpeg({ ffmpeg: {} }, '/nonexistent')],
];

console.log(machineLine());
console.log('');
console.log(tableHeader(['ffmpeg', 'segment', 'runs', 'median wall', 'min', 'max', 'x real time', 'median CPU (ffmpeg)']));
for (const [label, binaries] of builds) {
  for (const resolution of ['720p', '1080p'] as const) {
    const { seconds, cpuSeconds } = await timeRenders(binaries, resolution);
    const middle = median(seconds);
    console.log(
      tableRow([
        `${label} ${binaries.version}`,
        `${SEGMENT_SECONDS} s 9:16 ${resolution}`,
        runs,
        `${middle.toFixed(2)} s`,
        `${Math.min(...seconds).toFixed(2)} s`,
        `${Math.max(...seconds).toFixed(2)} s`,
        `${(SEGMENT_SECONDS / middle).toFixed(1)}x`,
        `${median(cpuSeconds).toFixed(2)} s`,
      ]),
    );
  }
}
console.log(`\nLoad average at end ${loadAverage()}`);
