import path from 'node:path';
import type { VoiceListing } from '../../shared/schemas/speech.ts';
import { notFound } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { type SpeechEngines, speechVoices, synthesizerFor } from '../providers/speech/speech-engines.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { encodeVoice } from './voice-audio.ts';

/** What every voice's preview says. */
const PREVIEW_TEXT = 'Hi! This is how I sound.';
const VOICE_NOT_FOUND = 'Voice not found';

/** Where a voice's preview is kept: one per voice, made once (`gemini:Kore` → speech/previews/gemini-kore.m4a). */
function previewKey(voiceId: string): string {
  return storageKey('speech', 'previews', `${voiceId.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}.m4a`);
}

interface VoicesServiceDeps {
  speech: Pick<SpeechEngines, 'synthesizers'>;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  logger: Logger;
}

/** The voices a creator picks from (issue 27), and each one's short sample, synthesised on first request and kept in storage. */
export function createVoicesService({ speech, storage, ffmpeg, logger }: VoicesServiceDeps) {
  /** Previews being made, one per voice: concurrent requests for a voice share its one synthesis. */
  const making = new Map<string, Promise<string>>();

  function list(): { voices: VoiceListing[] } {
    return {
      voices: speechVoices(speech).map((voice) => ({
        id: voice.id,
        name: voice.name,
        engine: voice.engine,
        language: voice.language,
        previewUrl: `/api/voices/${encodeURIComponent(voice.id)}/preview`,
      })),
    };
  }

  async function makePreview(voiceId: string, key: string): Promise<string> {
    const found = synthesizerFor(speech, voiceId);
    if (!found) throw notFound(VOICE_NOT_FOUND);
    await withScratchDir('voice-preview', async (dir) => {
      const wav = path.join(dir, 'preview.wav');
      const m4a = path.join(dir, 'preview.m4a');
      await found.synthesizer.synthesize({ text: PREVIEW_TEXT, voiceId, outputFile: wav, signal: AbortSignal.timeout(120_000) });
      await encodeVoice(ffmpeg, wav, m4a);
      await storage.putFile(key, m4a, 'audio/mp4');
    });
    logger.info({ voiceId }, 'voice preview stored');
    return key;
  }

  /** The storage key of the voice's preview, made now if it is not there yet. */
  async function preview(voiceId: string): Promise<string> {
    if (!synthesizerFor(speech, voiceId)) throw notFound(VOICE_NOT_FOUND);
    const key = previewKey(voiceId);
    if (await storage.stat(key)) return key;
    let pending = making.get(voiceId);
    if (!pending) {
      pending = makePreview(voiceId, key).finally(() => making.delete(voiceId));
      making.set(voiceId, pending);
    }
    return pending;
  }

  return { list, preview };
}

export type VoicesService = ReturnType<typeof createVoicesService>;
