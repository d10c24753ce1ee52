import type { SpeechEngineReport } from '../../../shared/schemas/admin.ts';
import type { Config } from '../../config.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import type { ProviderLogger } from '../text-model/ai-errors.ts';
import { DEBIAN_SPEECH_PATHS, type DebianSpeechPaths, debianSpeechInstallation } from './debian-speech-tools.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { FliteSynthesizer } from './flite-synthesizer.ts';
import { createGeminiSpeechSynthesizer } from './gemini-speech-synthesizer.ts';
import { createGeminiTranscriber } from './gemini-transcriber.ts';
import { createOpenAiSpeechSynthesizer } from './openai-speech-synthesizer.ts';
import { createOpenAiTranscriber } from './openai-transcriber.ts';
import { PocketsphinxAligner } from './pocketsphinx-aligner.ts';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber.ts';
import type { SpeechAligner, SpeechEngineName, SpeechSynthesizer, Transcriber, Voice } from './speech.ts';

/** The engines that do each speech role on this server (Services.speech), chosen once from Config and the machine. */
export interface SpeechEngines {
  /** Offline ones first, then keyed ones, so the voice list is the same on every run of a machine. */
  synthesizers: readonly SpeechSynthesizer[];
  /** The first voice that needs no key (Festival first), for what the offline engines make; null without one. */
  offlineVoice: SpeechSynthesizer | null;
  /** Times a script's words in audio; null when neither pocketsphinx nor a fallback is there. */
  aligner: SpeechAligner | null;
  /** Keyed if configured, else the offline draft recogniser, else null. */
  transcriber: Transcriber | null;
  /** For the admin's Providers panel: which engine does each role, and what is missing. */
  report: SpeechEngineReport[];
}

/** The engines for machines without the Debian packages (npm only); wired in by the caller when available. */
interface SpeechFallback {
  synthesizer: SpeechSynthesizer;
  aligner: SpeechAligner;
}

export interface SpeechEngineOptions {
  fallback?: SpeechFallback;
  paths?: DebianSpeechPaths;
  logger?: ProviderLogger;
}

const ENGINE_LABELS: Record<SpeechEngineName, string> = {
  festival: 'Festival',
  flite: 'flite',
  pocketsphinx: 'pocketsphinx',
  npm: 'Built-in (npm)',
  gemini: 'Gemini',
  openai: 'OpenAI',
};

function labels(engines: readonly SpeechEngineName[]): string {
  return engines.length === 0 ? 'None' : [...new Set(engines)].map((engine) => ENGINE_LABELS[engine]).join(', ');
}

/**
 * Chooses the speech engines (issue 27): the Debian ones where their packages are installed (else the npm
 * `fallback`), plus Gemini with a Google back-end and OpenAI with OPENAI_API_KEY. The keyed voices return no
 * word times, so they need an aligner and are left out when there is none.
 */
export function createSpeechEngines(config: Config, ffmpeg: FfmpegBinaries, options: SpeechEngineOptions = {}): SpeechEngines {
  const paths = options.paths ?? DEBIAN_SPEECH_PATHS;
  const { fallback, logger } = options;
  const installed = debianSpeechInstallation(paths);

  const aligner: SpeechAligner | null = installed.pocketsphinx.present ? new PocketsphinxAligner(ffmpeg, paths) : (fallback?.aligner ?? null);

  const offline: SpeechSynthesizer[] = [];
  if (installed.festival.present) offline.push(new FestivalSynthesizer(paths));
  if (installed.flite.present && installed.pocketsphinx.present && aligner) offline.push(new FliteSynthesizer(aligner, paths));
  if (offline.length === 0 && fallback) offline.push(fallback.synthesizer);

  const keyed: SpeechSynthesizer[] = [];
  if (aligner && config.google) {
    keyed.push(createGeminiSpeechSynthesizer({ backend: config.google, model: config.googleModels.speech, aligner, logger }));
  }
  if (aligner && config.openai.apiKey) {
    keyed.push(createOpenAiSpeechSynthesizer({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, aligner, logger }));
  }

  let transcriber: Transcriber | null = null;
  if (config.google) transcriber = createGeminiTranscriber({ backend: config.google, model: config.googleModels.transcription, ffmpeg, logger });
  else if (config.openai.apiKey) transcriber = createOpenAiTranscriber({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, ffmpeg, logger });
  else if (installed.pocketsphinx.present) transcriber = new PocketsphinxTranscriber(ffmpeg, paths);

  const synthesizers = [...offline, ...keyed];
  const voiceMissing = [...new Set([...installed.festival.missing, ...installed.flite.missing, ...installed.pocketsphinx.missing])];
  const report: SpeechEngineReport[] = [
    {
      role: 'voice',
      roleLabel: 'Voice',
      engine: labels(synthesizers.map((synthesizer) => synthesizer.engine)),
      available: synthesizers.length > 0,
      missing: voiceMissing,
      detail: synthesizers.length > 0 ? null : 'No voice: install the Debian packages listed, or configure a Google back-end or OPENAI_API_KEY.',
    },
    {
      role: 'alignment',
      roleLabel: 'Alignment (word timing)',
      engine: labels(aligner ? [aligner.engine] : []),
      available: aligner !== null,
      missing: installed.pocketsphinx.missing,
      detail: aligner ? null : 'Nothing can time a script’s words: install the Debian packages listed.',
    },
    {
      role: 'transcription',
      roleLabel: 'Transcription',
      engine: transcriber ? `${ENGINE_LABELS[transcriber.engine]}${transcriber.draft ? ' (draft)' : ''}` : 'None',
      available: transcriber !== null,
      missing: installed.pocketsphinx.missing,
      detail: transcriber ? null : 'Captions cannot be transcribed: install the Debian packages listed, or configure a Google back-end or OPENAI_API_KEY.',
    },
  ];
  return { synthesizers, offlineVoice: offline[0] ?? null, aligner, transcriber, report };
}

/** Every voice of the engines, in their order. */
export function speechVoices(engines: Pick<SpeechEngines, 'synthesizers'>): Voice[] {
  return engines.synthesizers.flatMap((synthesizer) => [...synthesizer.voices()]);
}

/** The synthesizer that speaks `voiceId`, if any does. */
export function synthesizerFor(engines: Pick<SpeechEngines, 'synthesizers'>, voiceId: string): { synthesizer: SpeechSynthesizer; voice: Voice } | undefined {
  for (const synthesizer of engines.synthesizers) {
    const voice = synthesizer.voices().find((candidate) => candidate.id === voiceId);
    if (voice) return { synthesizer, voice };
  }
  return undefined;
}
