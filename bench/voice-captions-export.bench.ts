/**
 * Issue 27's goal: a 30 s sequence with a 30 s voice-over and karaoke captions from the voice's words, burned in,
 * exports within 1.2 times the same export without them (median wall time). The voice is spoken by the offline
 * engine the server would choose (Festival where Debian's packages are installed, else the one in npm), encoded
 * as the voice-over job stores it, placed on the voice lane, and its words become the captions as the Captions
 * panel makes them (placedVoiceWords, newCaptionTrack with the default karaoke style). The sequence is three 10 s
 * 1080p shots cut together. The voice's measuring pass (the mix's loudness, decision 018) is timed alone too, so
 * the table shows where the extra goes. Run with `npx tsx bench/voice-captions-export.bench.ts [--runs=3]`; exits 1
 * when the ratio is over 1.2. Runs alternate (with, without, …) so a change in the machine's load hits both alike.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { newCaptionTrack } from '../src/shared/captions/caption-edits.ts';
import { placedVoiceWords } from '../src/shared/captions/voice-captions.ts';
import { newShot, type EditorState, type VoiceClip } from '../src/shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION } from '../src/shared/editor/editor-constants.ts';
import { loadConfig } from '../src/server/config.ts';
import { createSpeechEngines } from '../src/server/providers/speech/speech-engines.ts';
import { DtwAligner } from '../src/server/providers/speech/dtw-aligner.ts';
import { NpmSynthesizer } from '../src/server/providers/speech/npm-synthesizer.ts';
import { locateFfmpeg } from '../src/server/render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../src/server/render/ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../src/server/render/media-operations.ts';
import { probeAudio } from '../src/server/render/probe-audio.ts';
import { withScratchDir } from '../src/server/render/scratch-dir.ts';
import { buildLoudnessPassCommand } from '../src/server/render/export/export-audio.ts';
import { probeSources, renderExport } from '../src/server/render/export/render-export.ts';
import type { ExportSpec } from '../src/server/render/export/export-spec.ts';
import { encodeVoice } from '../src/server/speech/voice-audio.ts';
import { median, numberArgument, timed } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';

const runs = Math.ceil(numberArgument('runs', 3));
const GOAL = 1.2;
const SECONDS = 30;
const VOICE_ID = 'bench-voice';

/** About 30 s of speech at a narrator's pace. */
const SCRIPT = [
  'Morning light spills over the quiet harbour as the fishing boats return with the tide.',
  'Gulls circle the masts, and the smell of salt and diesel drifts along the old stone pier.',
  'A baker opens her shutters, and the first loaves of the day cool on the windowsill.',
  'Children race their bicycles past the lighthouse, laughing at the spray that rises from the rocks.',
  'By noon the market fills with voices, bright umbrellas, baskets of lemons and silver sardines.',
  'This is the town where nothing much happens, and that is exactly why we keep coming back.',
].join(' ');

const binaries = await locateFfmpeg({ ffmpeg: {} }, process.env.PATH);
const engines = createSpeechEngines(loadConfig({}), binaries, { fallback: { synthesizer: new NpmSynthesizer(), aligner: new DtwAligner(binaries) } });
const synthesizer = engines.offlineVoice!;
const voiceId = synthesizer.voices()[0]!.id;

console.log(machineLine());
let ratio = Number.NaN;
await withScratchDir('promptreel-voice-captions-bench', async (dir) => {
  const shots = await Promise.all(
    [0, 120, 240].map(async (hue, index) => {
      const file = path.join(dir, `shot-${index}.mp4`);
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', `testsrc2=s=1080x1920:r=30:d=10,hue=h=${hue}`,
        '-f', 'lavfi', '-i', `sine=f=${220 + 110 * index}:r=48000:d=10`,
        '-t', '10', ...h264AacOutputArgs(), file,
      ]);
      return [`shot-${index}`, file] as const;
    }),
  );
  const sourceFiles = new Map(shots);

  // The voice-over as its job makes it: the engine's WAV, stored as AAC (generate-voiceover-job.ts).
  const wav = path.join(dir, 'voice.wav');
  const m4a = path.join(dir, 'voice.m4a');
  const spoken = await synthesizer.synthesize({ text: SCRIPT, voiceId, outputFile: wav });
  await encodeVoice(binaries, wav, m4a);
  const voiceSeconds = (await probeAudio(binaries, m4a)).durationSeconds;
  const heard = Math.min(voiceSeconds, SECONDS);
  const voiceFiles = new Map([[VOICE_ID, { file: m4a, durationSeconds: voiceSeconds }]]);
  const clip: VoiceClip = {
    id: 'voice-1', lane: 'voice', source: { mediaId: VOICE_ID }, start: 0, end: heard, sourceIn: 0, sourceOut: heard,
    volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false,
  };
  let line = 0;
  const captions = newCaptionTrack(placedVoiceWords(spoken.words, clip), () => `line-${(line += 1)}`, undefined, { clipId: clip.id, mediaId: clip.source.mediaId });

  const plain: EditorState = {
    version: EDITOR_DOCUMENT_VERSION,
    shots: shots.map(([mediaId], index) => newShot(`s${index}`, mediaId, 10)),
    audioClips: [],
    captions: null,
    textOverlays: [],
    visualEffect: 'none',
    colorGrading: { brightness: 100, contrast: 100, saturation: 100 },
  };
  const voiced: EditorState = { ...plain, audioClips: [clip], captions };
  const spec: ExportSpec = { resolution: '1080p', format: 'mp4', quality: 'high', watermark: true, captions: 'burned' };

  const sources = await probeSources(binaries, sourceFiles);
  const measuring = async () => {
    const pass = buildLoudnessPassCommand({ sources, workDir: dir, voice: voiceFiles }, voiced)!;
    await Promise.all(pass.files.map((file) => fs.writeFile(file.path, file.contents, 'utf8')));
    await runFfmpeg(binaries, pass.args);
  };
  const results = { with: [] as Array<Awaited<ReturnType<typeof timed>>>, without: [] as Array<Awaited<ReturnType<typeof timed>>>, pass: [] as Array<Awaited<ReturnType<typeof timed>>> };
  for (let run = 0; run < runs; run++) {
    const outputFile = path.join(dir, 'out.mp4');
    results.with.push(await timed(() => renderExport(binaries, { sourceFiles, outputFile, editorState: voiced, spec, voice: voiceFiles })));
    results.without.push(await timed(() => renderExport(binaries, { sourceFiles, outputFile, editorState: plain, spec })));
    results.pass.push(await timed(measuring));
  }
  const wall = (list: typeof results.with) => median(list.map((r) => r.wall));
  const ffmpegCpu = (list: typeof results.with) => median(list.map((r) => r.cpu));
  const ownCpu = (list: typeof results.with) => median(list.map((r) => r.own));
  const cpu = (list: typeof results.with) => median(list.map((r) => r.cpu + r.own));
  ratio = wall(results.with) / wall(results.without);
  const words = captions.lines.reduce((sum, one) => sum + one.words.length, 0);
  console.log(`\nVoice: ${voiceId} (${synthesizer.engine}), ${voiceSeconds.toFixed(1)} s, ${words} words in ${captions.lines.length} karaoke lines; sequence: 3 shots of 10 s, 1080x1920, high quality, watermark`);
  console.log('');
  console.log(
    tableHeader(['runs', 'with voice + captions (median wall)', 'without', 'ratio', 'measuring pass alone', 'ffmpeg CPU with', 'ffmpeg CPU without', 'in-process CPU with (drawing)', 'in-process CPU without', 'CPU ratio']),
  );
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  const each = (list: typeof results.with) => list.map((r) => r.wall.toFixed(1)).join(', ');
  console.log(
    tableRow([
      runs,
      `${seconds(wall(results.with))} (${each(results.with)})`,
      `${seconds(wall(results.without))} (${each(results.without)})`,
      `**${ratio.toFixed(2)}** (goal ≤ ${GOAL})`,
      seconds(wall(results.pass)),
      seconds(ffmpegCpu(results.with)),
      seconds(ffmpegCpu(results.without)),
      seconds(ownCpu(results.with)),
      seconds(ownCpu(results.without)),
      (cpu(results.with) / cpu(results.without)).toFixed(2),
    ]),
  );
});
console.log(`\nLoad average at end ${loadAverage()}`);
if (!(ratio <= GOAL)) process.exitCode = 1;
