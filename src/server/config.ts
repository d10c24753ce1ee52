import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { currencyFractionDigits } from '../shared/money.ts';
import { BILLING_INTERVALS, type BillingInterval, type PlanPrice } from '../shared/schemas/billing.ts';
import type { GoogleBackend } from './providers/google/google-backend.ts';
import { isOmniModel } from './providers/video-model/model-family.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const urlWithProtocol = (protocols: string[], label: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a ${label} URL`);

/** proxy-addr's names for whole ranges, which Fastify's trustProxy also accepts. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const TRUST_PROXY_FORMAT = 'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)';

/** A hop count, or the proxies' addresses/CIDRs: never "trust everyone", which lets clients pick their address. */
const trustProxySchema = z
  .string()
  .refine((value) => /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isAddressOrCidr(entry.trim())), TRUST_PROXY_FORMAT)
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim())));
/**
 * A number per job kind, `default` for kinds not named: `generate-video=2,export-video=1,default=1`. Kinds a
 * setting does not name keep their built-in value.
 */
export interface PerKind {
  default: number;
  byKind: Record<string, number>;
}

export function perKindValue(setting: PerKind, kind: string): number {
  return setting.byKind[kind] ?? setting.default;
}

function perKindSetting(min: number, max: number, defaults: PerKind) {
  const schema = z.string().transform((value, context): PerKind => {
    const result: PerKind = { default: defaults.default, byKind: { ...defaults.byKind } };
    for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([a-z0-9-]+)=(\d+)$/.exec(entry);
      const number = Number(match?.[2]);
      if (!match || number < min || number > max) {
        context.addIssue({ code: 'custom', message: `must be kind=number pairs (${min}-${max}), e.g. generate-video=2,default=1` });
        return z.NEVER;
      }
      if (match[1] === 'default') result.default = number;
      else result.byKind[match[1]!] = number;
    }
    return result;
  });
  return schema.prefault('');
}

/** A provider's model ID: letters, digits, dots, dashes and underscores (it becomes part of a URL path). */
const modelId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'must be a model ID such as veo-3.1-fast-generate-001');

/**
 * The model each role uses when its variable is unset: the IDs the providers document as current in
 * November 2026 (README, "Models"). The Gemini API shut Veo 3.1's preview IDs down on 2026-10-22 and
 * recommends Gemini Omni Flash for generation; Veo stays the extension model. Speech: the GA Gemini 3.8
 * TTS models replace `gemini-3.1-flash-tts-preview` (shut down 2026-12-18); transcription: the dedicated
 * `gemini-3.5-transcribe`, which gives word timestamps (`audioTranscriptionConfig.wordTimestamp`).
 */
export const DEFAULT_MODELS = {
  'gemini-api': {
    videoGeneration: 'gemini-omni-1.1-flash',
    videoExtension: 'veo-3.1-fast-generate-001',
    text: 'gemini-3.5-flash',
    image: 'gemini-3.1-flash-image',
    speech: 'gemini-3.8-flash-tts',
    transcription: 'gemini-3.5-transcribe',
  },
  'vertex-ai': {
    videoGeneration: 'veo-3.1-fast-generate-001',
    videoExtension: 'veo-3.1-fast-generate-001',
    text: 'gemini-3.5-flash',
    image: 'gemini-3.1-flash-image',
    speech: 'gemini-3.8-flash-tts',
    transcription: 'gemini-3.5-transcribe',
  },
} as const;

interface GoogleModels {
  videoGeneration: string;
  videoExtension: string;
  text: string;
  image: string;
  speech: string;
  transcription: string;
}

const PRO_PRICE_FORMAT = 'must be an amount, a currency code and an interval, e.g. 9.99 USD/month (interval: day, week, month or year)';

/** `9.99 USD/month` -> { unitAmount: 999, currency: 'usd', interval: 'month', intervalCount: 1 }, Stripe's shape. */
const proPriceSchema = z.string().transform((value, context): PlanPrice => {
  const match = /^(\d{1,9})(?:\.(\d+))?\s*([A-Za-z]{3})\s*\/\s*([a-z]+)$/.exec(value.trim());
  const currency = match?.[3]?.toUpperCase() ?? '';
  const interval = match?.[4] ?? '';
  const fraction = match?.[2] ?? '';
  const known = match !== null && Intl.supportedValuesOf('currency').includes(currency) && (BILLING_INTERVALS as readonly string[]).includes(interval);
  const digits = known ? currencyFractionDigits(currency) : 0;
  if (!match || !known || fraction.length > digits) {
    context.addIssue({ code: 'custom', message: PRO_PRICE_FORMAT });
    return z.NEVER;
  }
  const unitAmount = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return { unitAmount, currency: currency.toLowerCase(), interval: interval as BillingInterval, intervalCount: 1 };
});

/** Every environment variable PromptReel reads. Empty strings count as unset. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
    .optional(),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:'], 'smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('PromptReel <no-reply@promptreel.local>'),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  PATH: z.string().default(''),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(16 * 1024),
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().max(24 * 3600).default(30 * 60),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(25),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_CONCURRENCY: perKindSetting(1, 32, { default: 1, byKind: { 'generate-video': 2, 'generate-shot': 2 } }),
  JOB_TIME_LIMITS: perKindSetting(1, 86_400, { default: 900, byKind: { 'generate-video': 1800, 'extend-video': 900, 'export-video': 1800, 'export-long-video': 1800, 'process-upload': 2400, 'render-music-library': 600, 'render-example': 600, 'generate-voiceover': 600, 'make-captions': 900 } }),
  MAX_ACTIVE_JOBS_PER_USER: z.coerce.number().int().min(1).max(1000).default(6),
  STARTUP_RENDERS: z.enum(['on', 'off']).default('on'),
  EXPORT_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis:// or rediss://').optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  GOOGLE_BACKEND: z.enum(['gemini-api', 'vertex-ai']).optional(),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_BASE_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  GOOGLE_CLOUD_PROJECT: z.string().regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, 'must be a Google Cloud project ID').optional(),
  GOOGLE_CLOUD_LOCATION: z.string().regex(/^[a-z0-9-]+$/, 'must be a Google Cloud location such as us-central1').default('us-central1'),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  VERTEX_BASE_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  GOOGLE_OAUTH_TOKEN_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  VIDEO_MODEL: modelId.optional(),
  /** The name before issue 15; still read, so a deployment that set it keeps its model. */
  VEO_MODEL: modelId.optional(),
  VIDEO_EXTEND_MODEL: modelId.optional(),
  GEMINI_TEXT_MODEL: modelId.optional(),
  GEMINI_IMAGE_MODEL: modelId.optional(),
  GEMINI_SPEECH_MODEL: modelId.optional(),
  GEMINI_TRANSCRIBE_MODEL: modelId.optional(),
  PROVIDER_CHECK_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  OPENAI_IMAGE_MODEL: modelId.default('gpt-image-1'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  STRIPE_BASE_URL: urlWithProtocol(['http:', 'https:'], 'http(s)').optional(),
  PRO_PRICE: proPriceSchema.optional(),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  secureCookies: boolean;
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (Fastify's trustProxy): none (false), the nearest
   * N hops, or these addresses/CIDRs. Per-address rate limits count the client address this yields.
   */
  trustProxy: false | number | string[];
  mail: { smtpUrl?: string; from: string };
  /** searchPath is the PATH ffmpeg is looked up on. */
  ffmpeg: { ffmpegPath?: string; ffprobePath?: string; searchPath: string };
  redisUrl?: string;
  /** Multiplies every rate limit; 1 in production. */
  rateLimitScale: number;
  /**
   * requestMs: a request's headers, and any body but an upload's, must arrive within it; an upload must
   * bring uploadMinBytesPerSecond in every such period, and all of itself within uploadMs.
   */
  timeouts: { requestMs: number; uploadMinBytesPerSecond: number; uploadMs: number };
  /** On SIGTERM/SIGINT the process exits after this long even if requests or jobs still hang. */
  shutdownTimeoutMs: number;
  /** How long a crashed runner's job stays claimed before another runner takes it (both queues). */
  jobLeaseMs: number;
  /** Jobs of each kind one process runs at once. */
  jobConcurrency: PerKind;
  /** Seconds one run of a job of each kind may take before it is aborted and fails. */
  jobTimeLimitSeconds: PerKind;
  /** Generations, extensions and exports one user may have queued or running at once. */
  maxActiveJobsPerUser: number;
  /**
   * Whether start-up queues renders of the example clips and posters and the music library's tracks not yet
   * stored. Off for test servers that seed them; an example is then still rendered when first asked for.
   */
  startupRenders: boolean;
  /**
   * The Linux niceness exports render at (0-19): below generations, which a user watches, and above the
   * start-up renders (19). Test apps use 0: on a busy test machine an export at 10 got a tenth of the processor.
   */
  exportNiceness: number;
  /** Set when S3_BUCKET is: media lives in S3-compatible storage instead of DATA_DIR/media. */
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  /** The Google back-end for video, text, image and speech; unset = the offline engines. */
  google?: GoogleBackend;
  /** The model ID per role on the Google back-end (defaults per back-end: DEFAULT_MODELS). */
  googleModels: GoogleModels;
  /** How often the server asks the providers whether each configured model exists. */
  providerCheckMs: number;
  openai: { apiKey?: string; baseUrl?: string; imageModel: string };
  /** Set when STRIPE_SECRET_KEY and STRIPE_PRICE_ID are: Checkout for Pro and its webhook. */
  stripe?: { secretKey: string; priceId: string; webhookSecret?: string; baseUrl?: string };
  /** PRO_PRICE: the price the pricing page shows when Stripe is not configured or does not answer. */
  proPrice?: PlanPrice;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once into a typed Config; throws a one-line ConfigError on a bad value. */
export function loadConfig(environment: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = present[name] === undefined ? '' : ` (got "${present[name]}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    publicUrl,
    logLevel: env.LOG_LEVEL,
    secureCookies: publicUrl.startsWith('https:'),
    trustProxy: env.TRUST_PROXY ?? false,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    ffmpeg: { ffmpegPath: env.FFMPEG_PATH, ffprobePath: env.FFPROBE_PATH, searchPath: env.PATH },
    redisUrl: env.REDIS_URL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadMinBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
      uploadMs: env.UPLOAD_TIMEOUT_SECONDS * 1000,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    jobConcurrency: env.JOB_CONCURRENCY,
    jobTimeLimitSeconds: env.JOB_TIME_LIMITS,
    maxActiveJobsPerUser: env.MAX_ACTIVE_JOBS_PER_USER,
    startupRenders: env.STARTUP_RENDERS === 'on',
    exportNiceness: env.EXPORT_NICENESS,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    ...googleSettings(env),
    providerCheckMs: env.PROVIDER_CHECK_SECONDS * 1000,
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, imageModel: env.OPENAI_IMAGE_MODEL },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PRICE_ID
        ? { secretKey: env.STRIPE_SECRET_KEY, priceId: env.STRIPE_PRICE_ID, webhookSecret: env.STRIPE_WEBHOOK_SECRET, baseUrl: env.STRIPE_BASE_URL }
        : undefined,
    proPrice: env.PRO_PRICE,
  };
}

type Environment = z.infer<typeof environmentSchema>;

/**
 * GOOGLE_BACKEND picks the back-end; unset, a GEMINI_API_KEY means the Gemini API and a GOOGLE_CLOUD_PROJECT
 * alone means Vertex AI. A back-end named without what it needs is a configuration error, not offline mode.
 */
function googleSettings(env: Environment): Pick<Config, 'google' | 'googleModels'> {
  const kind = env.GOOGLE_BACKEND ?? (env.GEMINI_API_KEY ? 'gemini-api' : env.GOOGLE_CLOUD_PROJECT ? 'vertex-ai' : undefined);
  let google: GoogleBackend | undefined;
  if (kind === 'gemini-api') {
    if (!env.GEMINI_API_KEY) throw new ConfigError('Invalid configuration: GEMINI_API_KEY is required when GOOGLE_BACKEND is gemini-api');
    google = { kind, apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL };
  } else if (kind === 'vertex-ai') {
    if (!env.GOOGLE_CLOUD_PROJECT) {
      throw new ConfigError('Invalid configuration: GOOGLE_CLOUD_PROJECT is required when GOOGLE_BACKEND is vertex-ai');
    }
    google = {
      kind,
      project: env.GOOGLE_CLOUD_PROJECT,
      location: env.GOOGLE_CLOUD_LOCATION,
      credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS,
      baseUrl: env.VERTEX_BASE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
    };
  }
  const defaults = DEFAULT_MODELS[kind ?? 'gemini-api'];
  const videoGeneration = env.VIDEO_MODEL ?? env.VEO_MODEL ?? defaults.videoGeneration;
  const videoExtension = env.VIDEO_EXTEND_MODEL ?? defaults.videoExtension;
  for (const [variable, model] of [['VIDEO_MODEL', videoGeneration], ['VIDEO_EXTEND_MODEL', videoExtension]] as const) {
    if (kind === 'vertex-ai' && isOmniModel(model)) {
      // Vertex delivers Omni's larger videos to a Cloud Storage bucket, which PromptReel does not read (decision 013).
      throw new ConfigError(
        `Invalid configuration: ${variable} ${model} runs only on the Gemini API here; choose a Veo model for Vertex AI or set GOOGLE_BACKEND=gemini-api`,
      );
    }
  }
  return {
    google,
    googleModels: {
      videoGeneration,
      videoExtension,
      text: env.GEMINI_TEXT_MODEL ?? defaults.text,
      image: env.GEMINI_IMAGE_MODEL ?? defaults.image,
      speech: env.GEMINI_SPEECH_MODEL ?? defaults.speech,
      transcription: env.GEMINI_TRANSCRIBE_MODEL ?? defaults.transcription,
    },
  };
}

function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'promptreel.sqlite') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { kind: 'postgres', url };
}
