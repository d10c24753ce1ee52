import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Server tests that start nothing: no database, ffmpeg, network or child process. With src/shared and
 * src/client they make the `unit` project, which runs first, in threads and without isolation.
 */
const serverUnitTests = [
  'src/server/config.test.ts',
  'src/server/shutdown.test.ts',
  'src/server/ai/apply-suggestion.test.ts',
  'src/server/ai/auto-apply-export.test.ts',
  'src/server/auth/password-hash.test.ts',
  'src/server/db/batched-lookup.test.ts',
  'src/server/generation/extension-quote.test.ts',
  'src/server/media/byte-range.test.ts',
  'src/server/music/library/render-track.test.ts',
  'src/server/projects/editor-document/editor-document.test.ts',
  'src/server/providers/text-model/offline-text-model.test.ts',
  'src/server/render/export/canvas-fonts.test.ts',
  'src/server/render/export/css-color-math.test.ts',
  'src/server/render/export/export-audio.test.ts',
  'src/server/render/export/export-filter-graph.test.ts',
  'src/server/render/export/export-spec.test.ts',
  'src/server/render/export/filter-syntax.test.ts',
  'src/server/render/export/caption-images.test.ts',
  'src/server/providers/speech/debian-speech-tools.test.ts',
  'src/server/providers/speech/dtw.test.ts',
  'src/server/providers/speech/flite-trace.test.ts',
  'src/server/providers/speech/script-tokens.test.ts',
  'src/server/providers/speech/speech-engines.test.ts',
  'src/server/test-support/wait-for.test.ts',
];
const unitTests = ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', ...serverUnitTests];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  test: {
    // Vitest's default is one worker per core less one: a single worker on two cores. The integration tests
    // spend much of their time waiting on ffmpeg, spawned servers and queues, so three keep both cores busy.
    // (Set here: a project's own maxWorkers is not what vitest reads for the run.)
    maxWorkers: 3,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/server/test-support/**'],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitTests,
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 0 },
          // Only bounds a hang: vitest's 5 s default failed password-hash.test.ts's scrypt hashes at a load of 20.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          exclude: serverUnitTests,
          globalSetup: ['src/server/test-support/test-run-setup.ts', 'src/server/test-support/server-build-setup.ts'],
          sequence: { groupOrder: 1 },
          // Each worker imports the app once instead of once per file (half the CPU of the API files). Files
          // close what they start, and no test mocks modules or leaves process.env changed.
          isolate: false,
          // Render and crash tests run ffmpeg and spawn servers; on a busy 2-core machine a render can take
          // over a minute. These only bound a hang: speed is measured in `npm run bench`, not here.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
