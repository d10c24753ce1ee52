import { z } from 'zod';
import { SUBSCRIPTIONS } from '../constants.ts';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalVideos: z.number().int(),
  videosThisMonth: z.number().int(),
  proUsers: z.number().int(),
  freeUsers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One row of the admin user table: never a password, token or Stripe id. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  subscription: z.enum(SUBSCRIPTIONS),
  credits: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const updateSubscriptionRequestSchema = z
  .object({ subscription: z.enum(SUBSCRIPTIONS, { error: 'Subscription must be free or pro' }) })
  .strict();

export const checkoutSessionResponseSchema = z.object({ url: z.string().url() });

/** The model roles the server checks with its providers (issue 15): one configured model each. */
export const PROVIDER_ROLES = ['video-generation', 'video-extension', 'text', 'image', 'image-openai', 'speech', 'transcription'] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

/**
 * What the provider said when asked whether the model exists: answering; not-found (the ID is retired or
 * wrong); unauthorised (the key or credentials were refused); unreachable (no answer, or a server error);
 * offline (no provider is configured, the offline engine does this role); unchecked (no check has finished).
 */
export const PROVIDER_STATES = ['answering', 'not-found', 'unauthorised', 'unreachable', 'offline', 'unchecked'] as const;
export type ProviderState = (typeof PROVIDER_STATES)[number];

const providerStatusSchema = z.object({
  role: z.enum(PROVIDER_ROLES),
  /** For people: "Video generation", "Video extension", "Text", "Image (Gemini)", "Image (OpenAI)", "Speech", "Transcription". */
  roleLabel: z.string(),
  /** The provider's model ID, or "offline" when the offline engine does the role. */
  model: z.string(),
  /** "Gemini API", "Vertex AI", "OpenAI" or "Offline engine". */
  backend: z.string(),
  /** The environment variable that chooses this role's model, e.g. VIDEO_MODEL. */
  variable: z.string(),
  state: z.enum(PROVIDER_STATES),
  /** One sentence for the operator when the state is not answering/offline (never a key). */
  detail: z.string().nullable(),
  /** ISO time of the last finished check; null before the first. */
  checkedAt: z.string().nullable(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** The speech roles of issue 27, each done by one or more engines on this server. */
const SPEECH_ROLES = ['voice', 'alignment', 'transcription'] as const;

const speechEngineReportSchema = z.object({
  role: z.enum(SPEECH_ROLES),
  /** For people: "Voice", "Alignment (word timing)", "Transcription". */
  roleLabel: z.string(),
  /** The engines doing the role, e.g. "Festival, flite, OpenAI", "pocketsphinx (draft)", or "None". */
  engine: z.string(),
  available: z.boolean(),
  /** Debian packages to install (`apt-get install …`) for the role's offline engines; empty when all are there. */
  missing: z.array(z.string()),
  /** One sentence for the operator when nothing does the role. */
  detail: z.string().nullable(),
});
export type SpeechEngineReport = z.infer<typeof speechEngineReportSchema>;

export const providerCatalogSchema = z.object({
  providers: z.array(providerStatusSchema),
  /** Which engine does each speech role (voice, alignment, transcription) and what is missing. */
  speechEngines: z.array(speechEngineReportSchema),
  /** Seconds between the automatic checks (PROVIDER_CHECK_SECONDS). */
  checkEverySeconds: z.number().int(),
});
export type ProviderCatalog = z.infer<typeof providerCatalogSchema>;
