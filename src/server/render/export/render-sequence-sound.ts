import fs from 'node:fs/promises';
import path from 'node:path';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../ffmpeg-runner.ts';
import { withScratchDir } from '../scratch-dir.ts';
import { planAudio } from './export-audio.ts';
import { planShots, readShots } from './export-shots.ts';
import { loudnessPassCpuBudgetSeconds } from './export-spec.ts';
import { createInputs } from './ffmpeg-inputs.ts';
import { filter, formatNumber } from './filter-syntax.ts';
import type { MusicFile } from './music-mix.ts';
import { probeSources } from './render-export.ts';

/** What a speech engine reads: 16 kHz mono, 16-bit PCM in WAV. */
const SPEECH_RATE = 16_000;

/** The files an edit's sound is made from, as the export job downloads them (gatherEditSources). */
export interface EditSourceFiles {
  /** Every shot's media asset's file, by media id. */
  shots: ReadonlyMap<string, string>;
  /** The music lane's tracks, by track id. */
  music?: ReadonlyMap<string, MusicFile>;
  /** The voice lane's media assets' audio (AAC in m4a), by media id. */
  voice?: ReadonlyMap<string, MusicFile>;
}

export interface SequenceSoundOptions {
  state: EditorState;
  sources: EditSourceFiles;
  outputFile: string;
  /** With the music lane mixed in (and ducking under the shots' sound and the voice), or the shots and voice alone. */
  includeMusic: boolean;
  signal?: AbortSignal;
}

/** Stereo to mono as the sum's mean, then down to the speech rate in 16-bit samples. */
const TO_SPEECH_WAV = [
  'pan=mono|c0=0.5*c0+0.5*c1',
  filter('aresample', [['osr', SPEECH_RATE]]),
  filter('aformat', [['sample_fmts', 's16'], ['sample_rates', SPEECH_RATE], ['channel_layouts', 'mono']]),
];

/**
 * Renders only the sound of an edit, as the export mixes it (the shots' own sound joined through their transitions,
 * the voice lane placed over it, the music lane when `includeMusic`), to a 16 kHz mono WAV exactly the output's
 * length: what captions are aligned to or transcribed from. The export's audio graph (planAudio) builds it, without
 * the export's loudness gain and limiter: the level is the edit's own. No picture is decoded.
 */
export async function renderSequenceSound(binaries: FfmpegBinaries, options: SequenceSoundOptions): Promise<{ durationSeconds: number }> {
  const { state, sources, outputFile, includeMusic, signal } = options;
  const probed = await probeSources(binaries, sources.shots);
  const { shots: planned, durationSeconds } = planShots(probed, state);
  if (!(durationSeconds > 0)) throw new Error('Nothing to render: the sequence is empty');
  return withScratchDir('promptreel-sequence-sound', async (workDir) => {
    const inputs = createInputs();
    const shots = readShots(inputs, planned);
    const plan = planAudio(
      { sources: probed, workDir, music: includeMusic ? sources.music : undefined, voice: sources.voice, filters: binaries.filters },
      state,
      { shots, durationSeconds, inputs },
    );
    const graph = plan.graph(TO_SPEECH_WAV).join(';\n');
    const graphFile = path.join(workDir, 'sound-graph.txt');
    await fs.writeFile(graphFile, graph, 'utf8');
    const args = [
      ...inputs.args(),
      '-filter_complex_script', graphFile,
      '-map', plan.output, '-vn', '-t', formatNumber(durationSeconds),
      '-c:a', 'pcm_s16le', '-f', 'wav', outputFile,
    ];
    try {
      await runFfmpeg(binaries, args, { signal, cpuSeconds: loudnessPassCpuBudgetSeconds(durationSeconds) });
    } catch (error) {
      await fs.rm(outputFile, { force: true });
      if (error instanceof FfmpegError) error.filterGraph = graph;
      throw error;
    }
    return { durationSeconds };
  });
}
