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

/**
 * What extending the project would add and cost: Veo's extension (7 s) where the extension model can
 * continue a clip Veo made and still keeps — at most 141 s long, 720p — else a shot from the last frame
 * (8 s, or what is left up to 148 s). Undefined at the 148-second maximum.
 */
export function quoteExtension(
  project: Pick<VideoProjectRow, 'duration' | 'resolution' | 'providerVideo'>,
  extensionModel: Pick<VideoModel, 'extendVideo'>,
  subscription: 'free' | 'pro',
  now: Date,
): ExtensionQuote | undefined {
  const room = Math.round((MAX_EXTENDED_DURATION - project.duration) * 100) / 100;
  if (room <= 0) return undefined;
  const veo =
    extensionModel.extendVideo !== undefined &&
    project.resolution === '720p' &&
    project.duration <= VEO_EXTENDABLE_MAX_SECONDS + 0.1 &&
    liveProviderVideo(project.providerVideo, now) !== undefined;
  const seconds = veo ? VEO_EXTENSION_SECONDS : Math.min(EXTENSION_SECONDS, room);
  return { method: veo ? 'veo-extension' : 'last-frame', seconds, credits: subscription === 'pro' ? 0 : extensionCredits(seconds) };
}
