import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['src/server/test-support/announce-databases.ts'],
    // Render and crash tests run ffmpeg and spawn servers; on a 2-core machine running files in parallel
    // (and other work) an 8-second render can take over a minute. These only bound a hang: speed is
    // measured in `npm run bench`, not here.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
