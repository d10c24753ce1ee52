import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MODELS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives a working single machine with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/promptreel.sqlite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('honours PORT, DATA_DIR and PUBLIC_URL, and makes cookies Secure behind https', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/reel', PUBLIC_URL: 'https://reel.example.com/' });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/reel/promptreel.sqlite' });
    expect(config.publicUrl).toBe('https://reel.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('reads a number per job kind, with a default for the kinds not named', () => {
    const defaults = loadConfig({});
    expect(defaults.jobConcurrency).toEqual({ default: 1, byKind: { 'generate-video': 2, 'generate-shot': 2 } });
    expect(defaults.maxActiveJobsPerUser).toBe(6);
    const config = loadConfig({ JOB_CONCURRENCY: 'export-video=2, default=3', JOB_TIME_LIMITS: 'export-video=60' });
    expect(config.jobConcurrency).toEqual({ default: 3, byKind: { 'generate-video': 2, 'generate-shot': 2, 'export-video': 2 } });
    expect(config.jobTimeLimitSeconds).toEqual({ default: 900, byKind: { 'generate-video': 1800, 'extend-video': 900, 'export-video': 60, 'export-long-video': 1800, 'process-upload': 2400, 'render-music-library': 600, 'render-example': 600, 'generate-voiceover': 600, 'make-captions': 900 } });
  });

  it('reads PRO_PRICE as Stripe writes a price: the smallest currency unit, lower-case currency', () => {
    expect(loadConfig({}).proPrice).toBeUndefined();
    expect(loadConfig({ PRO_PRICE: '9.99 USD/month' }).proPrice).toEqual({ unitAmount: 999, currency: 'usd', interval: 'month', intervalCount: 1 });
    expect(loadConfig({ PRO_PRICE: ' 90 eur / year ' }).proPrice).toEqual({ unitAmount: 9000, currency: 'eur', interval: 'year', intervalCount: 1 });
    expect(loadConfig({ PRO_PRICE: '9.5 GBP/week' }).proPrice).toEqual({ unitAmount: 950, currency: 'gbp', interval: 'week', intervalCount: 1 });
    expect(loadConfig({ PRO_PRICE: '1500 JPY/month' }).proPrice).toEqual({ unitAmount: 1500, currency: 'jpy', interval: 'month', intervalCount: 1 });
  });

  it('defaults PUBLIC_URL to the chosen port', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL', () => {
    const url = 'postgres://app@db.internal:5432/reel';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies, https or not', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://reel.example.com' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('renders exports at nice 10 unless EXPORT_NICENESS says otherwise (0-19)', () => {
    expect(loadConfig({}).exportNiceness).toBe(10);
    expect(loadConfig({ EXPORT_NICENESS: '0' }).exportNiceness).toBe(0);
    expect(() => loadConfig({ EXPORT_NICENESS: '20' })).toThrow(ConfigError);
  });

  it('queues the start-up renders of the examples and the music library unless STARTUP_RENDERS is off', () => {
    expect(loadConfig({}).startupRenders).toBe(true);
    expect(loadConfig({ STARTUP_RENDERS: 'on' }).startupRenders).toBe(true);
    expect(loadConfig({ STARTUP_RENDERS: 'off' }).startupRenders).toBe(false);
    expect(() => loadConfig({ STARTUP_RENDERS: 'no' })).toThrow(ConfigError);
  });

  it('bounds how long requests may take to arrive and how long a shutdown may wait', () => {
    expect(loadConfig({})).toMatchObject({
      timeouts: { requestMs: 30_000, uploadMinBytesPerSecond: 16_384, uploadMs: 1_800_000 },
      shutdownTimeoutMs: 25_000,
    });
    const tuned = loadConfig({ REQUEST_TIMEOUT_SECONDS: '0.5', UPLOAD_MIN_BYTES_PER_SECOND: '1024', UPLOAD_TIMEOUT_SECONDS: '600', SHUTDOWN_TIMEOUT_SECONDS: '5' });
    expect(tuned).toMatchObject({ timeouts: { requestMs: 500, uploadMinBytesPerSecond: 1024, uploadMs: 600_000 }, shutdownTimeoutMs: 5000 });
  });

  it('chooses the Google back-end: none, the Gemini API by key, Vertex AI by project, each with its own default models', () => {
    expect(loadConfig({}).google).toBeUndefined();

    const gemini = loadConfig({ GEMINI_API_KEY: 'key', GEMINI_BASE_URL: 'http://127.0.0.1:9' });
    expect(gemini.google).toEqual({ kind: 'gemini-api', apiKey: 'key', baseUrl: 'http://127.0.0.1:9' });
    expect(gemini.googleModels).toEqual(DEFAULT_MODELS['gemini-api']);

    const vertex = loadConfig({
      GOOGLE_CLOUD_PROJECT: 'reel-prod-123',
      GOOGLE_CLOUD_LOCATION: 'europe-west4',
      GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json',
    });
    expect(vertex.google).toEqual({
      kind: 'vertex-ai',
      project: 'reel-prod-123',
      location: 'europe-west4',
      credentialsFile: '/secrets/sa.json',
      baseUrl: undefined,
      tokenUrl: undefined,
    });
    expect(vertex.googleModels.videoGeneration).toBe(DEFAULT_MODELS['vertex-ai'].videoGeneration);
    // Speech and transcription default to the GA TTS model and the transcription model on both back-ends
    // (gemini-3.1-flash-tts-preview shuts down on 2026-12-18); the variables still choose another.
    for (const models of [gemini.googleModels, vertex.googleModels]) {
      expect(models).toMatchObject({ speech: 'gemini-3.8-flash-tts', transcription: 'gemini-3.5-transcribe' });
    }
    expect(loadConfig({ GEMINI_API_KEY: 'key', GEMINI_SPEECH_MODEL: 'gemini-3.8-flash-lite-tts' }).googleModels.speech).toBe('gemini-3.8-flash-lite-tts');

    // Both given: GOOGLE_BACKEND decides; a model variable overrides its role's default, and VEO_MODEL still counts.
    const chosen = loadConfig({ GOOGLE_BACKEND: 'vertex-ai', GEMINI_API_KEY: 'key', GOOGLE_CLOUD_PROJECT: 'reel-prod-123', VIDEO_EXTEND_MODEL: 'veo-9' });
    expect(chosen.google?.kind).toBe('vertex-ai');
    expect(chosen.googleModels.videoExtension).toBe('veo-9');
    expect(loadConfig({ GEMINI_API_KEY: 'key', VEO_MODEL: 'veo-3.1-generate-001' }).googleModels.videoGeneration).toBe('veo-3.1-generate-001');
    expect(loadConfig({ GEMINI_API_KEY: 'key', VIDEO_MODEL: 'a', VEO_MODEL: 'b' }).googleModels.videoGeneration).toBe('a');
  });

  it.each([
    [{ GOOGLE_BACKEND: 'vertex-ai' }, /GOOGLE_CLOUD_PROJECT is required when GOOGLE_BACKEND is vertex-ai/],
    [{ GOOGLE_BACKEND: 'gemini-api' }, /GEMINI_API_KEY is required when GOOGLE_BACKEND is gemini-api/],
    [{ GOOGLE_BACKEND: 'bedrock' }, /GOOGLE_BACKEND/],
    [{ GOOGLE_CLOUD_PROJECT: 'Bad Project!' }, /GOOGLE_CLOUD_PROJECT must be a Google Cloud project ID/],
    [{ GEMINI_API_KEY: 'k', VIDEO_MODEL: 'veo/../../x' }, /VIDEO_MODEL must be a model ID/],
    [{ GOOGLE_CLOUD_PROJECT: 'reel-prod-123', VIDEO_MODEL: 'gemini-omni-1.1-flash' }, /runs only on the Gemini API here/],
    [{ PROVIDER_CHECK_SECONDS: '5' }, /PROVIDER_CHECK_SECONDS/],
  ])('refuses a Google setting that cannot work: %o', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('treats empty strings as unset, as .env files write them', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres:\/\/ or sqlite:/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /^Invalid configuration: REQUEST_TIMEOUT_SECONDS /],
    [{ UPLOAD_MIN_BYTES_PER_SECOND: 'fast' }, /^Invalid configuration: UPLOAD_MIN_BYTES_PER_SECOND /],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a hop count .*\(got "true"\)$/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY must be a hop count /],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, /^Invalid configuration: TRUST_PROXY must be a hop count /],
    [{ JOB_CONCURRENCY: 'export-video=0' }, /^Invalid configuration: JOB_CONCURRENCY must be kind=number pairs/],
    [{ JOB_TIME_LIMITS: 'export-video:60' }, /^Invalid configuration: JOB_TIME_LIMITS must be kind=number pairs/],
    [{ PRO_PRICE: '9.99' }, /^Invalid configuration: PRO_PRICE must be an amount, a currency code and an interval, e\.g\. 9\.99 USD\/month .*\(got "9\.99"\)$/],
    [{ PRO_PRICE: '9.99 XYZ/month' }, /^Invalid configuration: PRO_PRICE must be an amount/],
    [{ PRO_PRICE: '9.99 USD/fortnight' }, /^Invalid configuration: PRO_PRICE must be an amount/],
    [{ PRO_PRICE: '9.999 USD/month' }, /^Invalid configuration: PRO_PRICE must be an amount/],
    [{ PRO_PRICE: '1000.5 JPY/month' }, /^Invalid configuration: PRO_PRICE must be an amount/],
    [{ PRO_PRICE: '-5 USD/month' }, /^Invalid configuration: PRO_PRICE must be an amount/],
  ])('stops with one clear line for %o', (environment, message) => {
    let caught: unknown;
    try {
      loadConfig(environment);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain('\n');
  });
});
