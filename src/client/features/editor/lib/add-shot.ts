import { shotCost } from '@shared/generation';
import type { ImportableClip, MediaAsset } from '@shared/schemas/media';
import type { CurrentUser } from '@shared/schemas/user';

/** How often the Add shot dialog reads the media list while a clip of the project is being made. */
export const MEDIA_POLL_MS = 3000;

/** What a shot of `seconds` costs this user, and whether their balance covers it (Pro: free, always). */
export function shotOffer(user: Pick<CurrentUser, 'subscription' | 'credits'> | null, seconds: number) {
  const credits = shotCost(seconds);
  if (user?.subscription === 'pro') return { price: 'Free on Pro', balance: 'Unlimited', affordable: true, credits: 0 };
  return {
    price: `${String(credits)} credits`,
    balance: user === null ? '…' : `${String(user.credits)} credits`,
    affordable: user !== null && user.credits >= credits,
    credits,
  };
}

/**
 * Where a clip the dialog waits for stands, read from the project's media list. `left-out`: ready, but the server
 * could not add it to the sequence (the video would pass 10 minutes with it, the sequence is full), and why.
 */
export type PendingOutcome = { state: 'waiting' } | { state: 'ready'; seconds: number } | { state: 'left-out'; message: string } | { state: 'failed'; message: string };

export function pendingOutcome(media: readonly MediaAsset[] | undefined, mediaId: string): PendingOutcome {
  const asset = media?.find((candidate) => candidate.id === mediaId);
  // Not listed yet (the list was read before the asset was made): still on its way.
  if (!asset || asset.status === 'generating') return { state: 'waiting' };
  if (asset.status === 'error' || asset.videoUrl === null) return { state: 'failed', message: asset.message ?? 'The clip could not be made.' };
  if (asset.sequence?.notPlaced) return { state: 'left-out', message: asset.sequence.notPlaced };
  return { state: 'ready', seconds: asset.duration };
}

/** What the media bin says of a clip asked to join the sequence that the server left out, while no shot shows it. */
export function leftOutNote(asset: Pick<MediaAsset, 'sequence'>, shotCount: number): string | null {
  const reason = asset.sequence?.notPlaced;
  return reason && shotCount === 0 ? `Not added to the sequence: ${reason}` : null;
}

/** The media bin's clips: the project's videos, ready or still being made (a failed one has nothing to add). */
export function binClips(media: readonly MediaAsset[] | undefined): MediaAsset[] {
  return (media ?? []).filter((asset) => asset.kind === 'video' && asset.status !== 'error');
}

export function isMaking(media: readonly MediaAsset[] | undefined): boolean {
  return (media ?? []).some((asset) => asset.status === 'generating');
}

const ORIGIN_LABELS: Record<MediaAsset['origin'], string> = {
  generated: 'Generated',
  uploaded: 'Uploaded',
  continuation: 'Continued',
  extension: 'Extended',
  voice: 'Voice',
  imported: 'Imported',
};

export function originLabel(origin: MediaAsset['origin']): string {
  return ORIGIN_LABELS[origin];
}

const TITLE_LENGTH = 60;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TITLE_LENGTH ? flat : `${flat.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** An upload's own name (its file's), else a generated shot's prompt, shortened. */
function clipName(clip: Pick<MediaAsset, 'title' | 'prompt'>): string | null {
  const name = clip.title ?? clip.prompt;
  return name ? shortened(name) : null;
}

/**
 * A clip's name in the media bin (the "Add <name>" button): the project's own clip is "Original clip"; an upload
 * is named by its file, a shot by its prompt, else by how it came and its place in the bin ("Uploaded clip 3").
 */
export function binClipTitle(asset: Pick<MediaAsset, 'id' | 'origin' | 'title' | 'prompt'>, projectId: string, position: number): string {
  if (asset.id === projectId) return 'Original clip';
  return clipName(asset) ?? `${originLabel(asset.origin)} clip ${String(position)}`;
}

/** A clip of another project: that project's title, and which of its clips when it is not the project's own. */
export function importableClipTitle(clip: Pick<ImportableClip, 'id' | 'origin' | 'title' | 'prompt' | 'projectId' | 'projectTitle'>): string {
  if (clip.id === clip.projectId) return clip.projectTitle;
  return `${clip.projectTitle}: ${clipName(clip) ?? `${originLabel(clip.origin)} clip`}`;
}

/** How many of the sequence's shots show each clip: the media bin marks the clips already in use. */
export function shotsPerClip(shots: readonly { mediaId: string }[]): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const shot of shots) counts.set(shot.mediaId, (counts.get(shot.mediaId) ?? 0) + 1);
  return counts;
}

/** The media bin's mark on a clip the sequence already shows: "In the sequence", or in how many shots. */
export function inSequenceLabel(shotCount: number): string | null {
  if (shotCount <= 0) return null;
  return shotCount === 1 ? 'In the sequence' : `In ${String(shotCount)} shots`;
}
