import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths } from './debian-speech-tools.ts';
import { DtwAligner } from './dtw-aligner.ts';
import { NpmSynthesizer } from './npm-synthesizer.ts';
import { createSpeechEngines, speechVoices, synthesizerFor } from './speech-engines.ts';

const ffmpeg: FfmpegBinaries = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe', source: 'system', version: 'test' };
const fallback = { synthesizer: new NpmSynthesizer(), aligner: new DtwAligner(ffmpeg) };
/** A machine without Debian's speech packages: every path points nowhere. */
const bare = Object.fromEntries(Object.keys(DEBIAN_SPEECH_PATHS).map((key) => [key, `/nowhere/${key}`])) as unknown as DebianSpeechPaths;

describe('createSpeechEngines', () => {
  it('without the Debian packages or keys: the npm voice and aligner, no transcriber, and the packages to install', () => {
    const engines = createSpeechEngines(loadConfig({}), ffmpeg, { fallback, paths: bare });
    expect(speechVoices(engines).map((voice) => voice.id)).toEqual(['npm:slt', 'npm:rms']);
    expect(engines.aligner).toBe(fallback.aligner);
    expect(engines.transcriber).toBeNull();
    const byRole = Object.fromEntries(engines.report.map((row) => [row.role, row]));
    expect(byRole.voice).toMatchObject({ engine: 'Built-in (npm)', available: true });
    expect(byRole.alignment).toMatchObject({ engine: 'Built-in (npm)', available: true, missing: ['pocketsphinx', 'pocketsphinx-en-us'] });
    expect(byRole.transcription).toMatchObject({ engine: 'None', available: false });
    expect(byRole.voice?.missing).toEqual(expect.arrayContaining(['festival', 'festvox-us-slt-hts', 'flite']));
    expect(engines.offlineVoice).toBe(fallback.synthesizer);
  });

  it('with the Debian packages: Festival and flite voices first, pocketsphinx aligning and drafting transcripts; the npm voice is not offered', () => {
    const engines = createSpeechEngines(loadConfig({}), ffmpeg, { fallback });
    const ids = speechVoices(engines).map((voice) => voice.id);
    expect(ids[0]).toBe('festival:slt');
    expect(ids).toEqual(expect.arrayContaining(['flite:kal']));
    expect(ids.some((id) => id.startsWith('npm:'))).toBe(false);
    expect(engines.aligner?.engine).toBe('pocketsphinx');
    expect(engines.transcriber).toMatchObject({ engine: 'pocketsphinx', draft: true });
    expect(engines.offlineVoice?.engine).toBe('festival');
  });

  it('with keys: the keyed voices after the offline ones, timed by the aligner, and the keyed transcriber', () => {
    const engines = createSpeechEngines(loadConfig({ GEMINI_API_KEY: 'key', OPENAI_API_KEY: 'sk-test' }), ffmpeg, { fallback, paths: bare });
    const ids = speechVoices(engines).map((voice) => voice.id);
    expect(ids.slice(0, 2)).toEqual(['npm:slt', 'npm:rms']);
    expect(ids.some((id) => id.startsWith('gemini:'))).toBe(true);
    expect(ids.some((id) => id.startsWith('openai:'))).toBe(true);
    expect(synthesizerFor(engines, 'openai:alloy')?.synthesizer.engine).toBe('openai');
    expect(engines.transcriber).toMatchObject({ engine: 'gemini', draft: false });
    expect(synthesizerFor(engines, 'nobody:x')).toBeUndefined();
    expect(engines.offlineVoice).toBe(fallback.synthesizer);
  });
});
