import {
  EXTENSION_SECONDS,
  MAX_EXTENDED_DURATION,
  type ExtensionQuote,
  extensionCredits,
} from '../../shared/schemas/ai.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import {
  type ProviderVideo,
  VEO_EXTENDABLE_MAX_SECONDS,
  VEO_EXTENSION_SECONDS,
  type VideoModel,
} from '../providers/video-model/video-model.ts';

/** An extension takes minutes: a provider copy about to expire would be gone before the call reaches it. */
const PROVIDER_COPY_MARGIN_MS = 30 * 60 * 1000;

/** The provider's copy of the clip stored with the project, if it is readable and not about to expire. */
export function liveProviderVideo(stored: string | null, now: Date): ProviderVideo | undefined {
  if (!stored) return undefined;
  try {
    const value = JSON.parse(stored) as Partial<ProviderVideo>;
    if (typeof value.uri !== 'string' || typeof value.expiresAt !== 'string') return undefined;
    const expires = Date.parse(value.expiresAt);
    return expires - PROVIDER_COPY_MARGIN_MS > now.getTime() ? { uri: value.uri, expiresAt: value.expiresAt } : undefined;
  } catch {
    return undefined;
  }
}

/** Players and probes disagree on a clip's end by a few hundredths of a second. */
const CLIP_END_TOLERANCE = 0.1;

/** What an extension continues: the sequence's output length and its last shot. */
export interface ExtensionSubject {
  /** Seconds of output now (the project's `duration` in the API). */
  outputDuration: number;
  lastShot: { mediaId: string; out: number };
}

/**
 * What extending the project would add and cost: Veo's extension (7 s) where the last shot plays the project's
 * own clip to its end and the extension model can continue that clip — Veo made it and still keeps it, at most
 * 141 s long, 720p — else a shot from the last shot's last frame (8 s, or what is left up to 148 s of output).
 * Undefined at the 148-second maximum.
 */
export function quoteExtension(
  { outputDuration, lastShot }: ExtensionSubject,
  project: Pick<VideoProjectRow, 'id' | 'duration' | 'resolution' | 'providerVideo'>,
  extensionModel: Pick<VideoModel, 'extendVideo'>,
  subscription: 'free' | 'pro',
  now: Date,
): ExtensionQuote | undefined {
  const room = Math.round((MAX_EXTENDED_DURATION - outputDuration) * 100) / 100;
  if (room <= 0) return undefined;
  const veo =
    extensionModel.extendVideo !== undefined &&
    lastShot.mediaId === project.id &&
    lastShot.out >= project.duration - CLIP_END_TOLERANCE &&
    project.resolution === '720p' &&
    project.duration <= VEO_EXTENDABLE_MAX_SECONDS + CLIP_END_TOLERANCE &&
    liveProviderVideo(project.providerVideo, now) !== undefined;
  // Veo adds its 7 s whatever is asked: where less room is left, the next shot is made from the last frame.
  const seconds = veo && room >= VEO_EXTENSION_SECONDS ? VEO_EXTENSION_SECONDS : Math.min(EXTENSION_SECONDS, room);
  const method = veo && room >= VEO_EXTENSION_SECONDS ? 'veo-extension' : 'last-frame';
  return { method, seconds, credits: subscription === 'pro' ? 0 : extensionCredits(seconds) };
}
