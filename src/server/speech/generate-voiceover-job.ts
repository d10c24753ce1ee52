import path from 'node:path';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { findMediaAsset, updateMediaAsset } from '../media/media-assets-repository.ts';
import { type SpeechEngines, synthesizerFor } from '../providers/speech/speech-engines.ts';
import { SpeechError } from '../providers/speech/speech.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { probeAudio } from '../render/probe-audio.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { encodeVoice } from './voice-audio.ts';

/** What the user reads when a voice-over fails for a reason only the log can explain. */
const VOICEOVER_FAILED = 'The voice-over could not be made — please try again.';

export function voiceoverJobId(mediaId: string): string {
  return `generate-voiceover:${mediaId}`;
}

export interface VoiceoverJobDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  speech: Pick<SpeechEngines, 'synthesizers'>;
  now?: () => Date;
}

/**
 * Marks a voice-over being made as failed with a sentence its owner reads and gives back what it cost, in one
 * transaction; only the call that moves it out of 'generating' refunds, so nothing is paid back twice.
 */
export async function failVoiceover(db: Db, mediaId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failVoiceoverIn(trx, mediaId, reason, now));
}

/** `failVoiceover` inside the caller's transaction (deleting a project while its voice-over is made refunds this way). */
export async function failVoiceoverIn(trx: Db, mediaId: string, reason: string, now: Date): Promise<boolean> {
  const asset = await findMediaAsset(trx, mediaId);
  if (!asset) return false;
  const message = asset.charged > 0 ? `${reason} Your credits were refunded.` : reason;
  const moved = await updateMediaAsset(trx, mediaId, { status: 'error', errorMessage: message, updatedAt: now.toISOString() }, 'generating');
  if (moved) await refundCredits(trx, asset.userId, asset.charged, 'voiceover-refund', asset.projectId, now);
  return moved;
}

/** A speech engine's failure is written for users (speech.ts); it passes as it is. */
function plainSpeech(error: unknown): unknown {
  return error instanceof SpeechError ? new UserFacingError(error.message) : error;
}

/** Speaks a voice-over asset's script (its `prompt`) with its voice, stores it as AAC and marks it ready with its words. */
export function createGenerateVoiceoverJob(deps: VoiceoverJobDeps): JobDefinition<'generate-voiceover'> {
  const { db, storage, ffmpeg, speech } = deps;
  const now = deps.now ?? (() => new Date());

  async function run({ mediaId }: { mediaId: string }, context: JobContext) {
    const asset = await findMediaAsset(db, mediaId);
    if (asset?.status !== 'generating' || !asset.prompt || !asset.voiceId) return; // deleted, or finished by an earlier run
    const found = synthesizerFor(speech, asset.voiceId);
    if (!found) throw new UserFacingError('That voice is no longer available on this server.');
    const script = asset.prompt;
    const fileKey = storageKey('projects', asset.projectId, 'media', `${asset.id}.m4a`);
    const made = await withScratchDir('voiceover', async (dir) => {
      const wav = path.join(dir, 'voice.wav');
      const m4a = path.join(dir, 'voice.m4a');
      const result = await found.synthesizer
        .synthesize({ text: script, voiceId: found.voice.id, outputFile: wav, signal: context.signal })
        .catch((error: unknown) => Promise.reject(plainSpeech(error)));
      await encodeVoice(ffmpeg, wav, m4a, context.signal);
      const probe = await probeAudio(ffmpeg, m4a);
      await storage.putFile(fileKey, m4a, 'audio/mp4');
      return { words: result.words, duration: Math.round(probe.durationSeconds * 100) / 100 };
    });
    const ready = await updateMediaAsset(
      db,
      mediaId,
      { status: 'ready', fileKey, duration: made.duration, hasAudio: 1, words: JSON.stringify(made.words), errorMessage: null, updatedAt: now().toISOString() },
      'generating',
    );
    if (!ready) {
      await storage.delete([fileKey]);
      return;
    }
    context.logger.info({ duration: made.duration, words: made.words.length }, 'voice-over ready');
  }

  return {
    run: withPlainFailures(run, VOICEOVER_FAILED),
    async fail({ mediaId }, reason) {
      await failVoiceover(db, mediaId, reason, now());
    },
    async stillWanted({ mediaId }) {
      const status = (await findMediaAsset(db, mediaId))?.status;
      return status === 'generating' || status === 'ready';
    },
  };
}
