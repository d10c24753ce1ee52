import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps them to snake_case columns).
 * Timestamps are ISO-8601 UTC strings in both SQLite and PostgreSQL (see docs/decisions/002).
 */
interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key that makes usernames case-insensitive. */
  usernameKey: string;
  email: string | null;
  passwordHash: string;
  subscription: Generated<'free' | 'pro'>;
  isAdmin: Generated<number>;
  credits: Generated<number>;
  stripeCustomerId: Generated<string | null>;
  createdAt: string;
}

interface SubscriptionChangesTable {
  id: string;
  userId: string;
  /** The admin's user id, or null for a change Stripe made. */
  changedBy: string | null;
  source: 'admin' | 'stripe';
  fromSubscription: 'free' | 'pro';
  toSubscription: 'free' | 'pro';
  createdAt: string;
}

interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: string;
}

interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

interface PasswordResetTokensTable {
  id: string;
  userId: string;
  /** SHA-256 of the token in the e-mailed link. */
  token: string;
  expiresAt: string;
  createdAt: string;
}

export interface VideoProjectsTable {
  id: string;
  userId: string;
  title: string;
  prompt: string;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  aspectRatio: string;
  status: Generated<'generating' | 'ready' | 'error'>;
  duration: Generated<number>;
  source: Generated<string>;
  provider: Generated<string>;
  model: Generated<string>;
  resolution: Generated<string>;
  targetDuration: number | null;
  totalSegments: Generated<number>;
  currentSegment: Generated<number>;
  generationProgress: Generated<number>;
  editorState: string | null;
  /** The saved edit's length on the output (written with it); null before the first edit: the whole clip. */
  outputDuration: number | null;
  /** The asset the saved edit's first shot cuts (written with it); null before the first edit: the project's own clip. */
  firstMediaId: string | null;
  errorMessage: string | null;
  videoKey: string | null;
  thumbnailKey: string | null;
  /** The extension under way (job id, prompt, credits charged; its shot's asset holds the last two as well); else null. */
  extensionJobId: string | null;
  extensionPrompt: string | null;
  extensionCharged: number | null;
  /** How the extension under way makes its shot ('veo-extension' or 'last-frame'), chosen when it was priced. */
  extensionMethod: string | null;
  /** The provider's copy of the clip as JSON {uri, expiresAt} (ProviderVideo), for Veo's extension; else null. */
  providerVideo: string | null;
  /** How many shots the server has appended to the saved edit (shot-placement.ts); a client's save says how many it has seen. */
  placedShots: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

interface GenerationSegmentsTable {
  projectId: string;
  segmentIndex: number;
  /** The provider's operation (Veo), kept so a restarted job polls it instead of starting again. */
  operationName: string | null;
  /** Set once the segment is stored: a resumed job skips it. */
  storageKey: string | null;
  createdAt: string;
  completedAt: string | null;
}

export type UploadStatus = 'pending' | 'uploaded' | 'checking' | 'processing' | 'completed';
/** What a ticket uploads: a project's video, or a user's own music track (normalised by a job, decision 035). */
export type UploadKind = 'video' | 'music';

interface UploadsTable {
  id: string;
  userId: string;
  /** SHA-256 of the token in the upload URL. */
  tokenHash: string;
  storageKey: string;
  /**
   * pending -> uploaded (the PUT) -> checking (complete-upload's quick checks) -> processing (the project and its
   * job exist; for music, its track and job); the row and its file are deleted once processed or refused.
   * 'completed' rows predate the job.
   */
  status: Generated<UploadStatus>;
  kind: Generated<UploadKind>;
  /** The project it is being processed into, from 'processing' on. */
  projectId: Generated<string | null>;
  /** A music upload's track, from 'processing' on. */
  musicTrackId: Generated<string | null>;
  /** The media asset an upload added to a project is processed into, from 'processing' on (issue 26). */
  mediaId: Generated<string | null>;
  /** While 'checking': the host name and pid of the process whose request is checking it. */
  claimHost: Generated<string | null>;
  claimPid: Generated<number | null>;
  sizeBytes: number | null;
  contentType: string | null;
  expiresAt: string;
  createdAt: string;
}

/** A user's own track is 'processing' until its job stores it or refuses it; library tracks are always ready. */
type MusicTrackStatus = 'processing' | 'ready' | 'failed';

interface MusicTracksTable {
  id: string;
  userId: string | null;
  title: string;
  artist: string | null;
  url: string;
  duration: number;
  genre: string | null;
  isCustom: Generated<number>;
  createdAt: string;
  status: Generated<MusicTrackStatus>;
  /** Why a 'failed' track was refused, for its owner. */
  errorMessage: Generated<string | null>;
}

export interface ExportJobsTable {
  id: string;
  projectId: string;
  userId: string;
  status: Generated<'pending' | 'completed' | 'failed' | 'cancelled'>;
  settings: string;
  outputUrl: string | null;
  outputKey: string | null;
  errorMessage: string | null;
  progress: Generated<number>;
  createdAt: string;
  completedAt: string | null;
  /** The project's stored edit document when the export was started; null for exports from before it was kept. */
  editorState: string | null;
}

interface CreditLedgerTable {
  id: string;
  userId: string;
  delta: number;
  reason: string;
  projectId: string | null;
  createdAt: string;
}

interface JobsTable {
  id: string;
  name: string;
  payload: string;
  status: Generated<'queued' | 'running' | 'completed' | 'failed' | 'cancelled'>;
  attempts: Generated<number>;
  /** The user it works for (the queue takes turns between users); null for none. */
  userId: Generated<string | null>;
  runAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: ColumnType<string, string, string>;
}

type MediaKind = 'video' | 'audio' | 'image';
/** How an asset came to be: with the project, a shot from a prompt, an upload, an extension, a voice-over, a copy from another project. */
type MediaOrigin = 'generated' | 'uploaded' | 'continuation' | 'extension' | 'voice' | 'imported';

/**
 * One clip a project holds (issue 26). The project's own clip is the asset whose id is the project's id,
 * written only through the projects repository, which keeps it in step with the project's columns.
 */
export interface MediaAssetsTable {
  id: string;
  projectId: string;
  userId: string;
  kind: MediaKind;
  origin: MediaOrigin;
  status: Generated<'generating' | 'ready' | 'error'>;
  /** Why it failed, in a sentence its owner reads. */
  errorMessage: string | null;
  /** The master; the free plan's copy is named after it (watermarkedVideoKey). */
  fileKey: string | null;
  posterKey: string | null;
  duration: Generated<number>;
  width: number | null;
  height: number | null;
  fps: number | null;
  hasAudio: number | null;
  prompt: string | null;
  /** An uploaded clip's name, from its file's name; null for other assets (a shot is named by its prompt). */
  title: string | null;
  /** JSON {mediaId, at} of the frame a generated shot starts on; else null. */
  continueFrom: string | null;
  /** Credits taken for it, given back if it fails. */
  charged: Generated<number>;
  /** A voice-over's timed words, JSON TimedWord[] in seconds into its file; null for other assets. */
  words: string | null;
  /** The voice a voice-over is spoken with (`engine:name`); null for other assets. */
  voiceId: string | null;
  /** JSON {afterShotId} when the shot was asked to join the sequence once ready (shot-placement.ts); else null. */
  sequenceRequest: Generated<string | null>;
  /** Which of the project's placed shots it is (`placedShots` when it was appended); null until then. */
  placedNumber: Generated<number | null>;
  /** Why it was left out of the edit when it became ready (too long with it, a full sequence); else null. */
  notPlacedReason: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

/** One request for captions (issue 27): from a voice-over, a script or a transcription of the sequence's sound. */
export interface CaptionJobsTable {
  id: string;
  userId: string;
  projectId: string;
  source: 'voice' | 'script' | 'transcribe';
  /** The script to align ('script' only). */
  script: string | null;
  status: Generated<'queued' | 'running' | 'done' | 'error'>;
  /** Why it failed, in a sentence its owner reads. */
  message: string | null;
  /** JSON TimedWord[] on the output timeline, once done. */
  words: string | null;
  /** Credits taken (a transcription's), given back if it fails. */
  charged: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** How long one finished export or generation took, request to result (job-timings.ts). */
interface JobTimingsTable {
  id: string;
  kind: 'export' | 'generate';
  /** What the time depends on besides the length: an export's resolution; '' for a generation. */
  size: string;
  outputSeconds: number;
  seconds: number;
  finishedAt: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  passwordResetTokens: PasswordResetTokensTable;
  videoProjects: VideoProjectsTable;
  musicTracks: MusicTracksTable;
  exportJobs: ExportJobsTable;
  creditLedger: CreditLedgerTable;
  jobs: JobsTable;
  generationSegments: GenerationSegmentsTable;
  uploads: UploadsTable;
  subscriptionChanges: SubscriptionChangesTable;
  stripeEvents: StripeEventsTable;
  jobTimings: JobTimingsTable;
  mediaAssets: MediaAssetsTable;
  captionJobs: CaptionJobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type VideoProjectRow = Selectable<VideoProjectsTable>;
export type ExportJobRow = Selectable<ExportJobsTable>;
export type MediaAssetRow = Selectable<MediaAssetsTable>;
export type CaptionJobRow = Selectable<CaptionJobsTable>;
