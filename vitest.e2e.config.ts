import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * export.e2e.ts, the longest file by far, starts first: vitest otherwise orders by the durations it cached, and a
 * run of one of its tests alone left it last, running alone for its whole length after every other file was done.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) => file.moduleId.endsWith('/e2e/export.e2e.ts');
    return [...sorted.filter(longest), ...sorted.filter((file) => !longest(file))];
  }
}

// End-to-end tests: the production build served by `node dist/server/main.js`, driven in Debian's
// Chromium through playwright-core. Run `npm run build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/csp-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time: the files mostly wait on the server's jobs and the pages' own polls, so a second one fills
    // the cores (serially 350–370 s here, two at a time about 245 s; three about 235 s, with export.e2e.ts's parity
    // tests near their limits). admin.e2e.ts counts users, so it runs against a server of its own.
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
    maxWorkers: 2,
    // expect.poll waits for what the page shows; its default 1 s deadline fails a busy machine. 30 s only
    // bounds a hang.
    expect: { poll: { timeout: 30_000 } },
  },
});
