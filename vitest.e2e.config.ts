import { defineConfig } from 'vitest/config';

// End-to-end tests: the production build served by `node dist/server/main.js`, driven in Debian's
// Chromium through playwright-core. Run `npm run build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/csp-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // expect.poll waits for what the page shows; its default 1 s deadline fails a busy machine. 30 s only
    // bounds a hang.
    expect: { poll: { timeout: 30_000 } },
  },
});
