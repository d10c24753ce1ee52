import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { waitUntil } from '../test-support/test-app.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';
import { processesWith } from '../test-support/crash-checks.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-tool-lifetime-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// The attack run's case: a server SIGKILLed while it measured a music upload's loudness left that ffmpeg
// running under init for minutes. Whatever reads a tool's output dies with the process that started it.
it.runIf(process.platform === 'linux')('an ffmpeg whose output is read (loudness, probes) dies with the process that started it', async () => {
  const { ffmpegPath } = await testFfmpeg();
  const build = inject('serverBuild');
  const runner = build ? path.join(build, 'server/render/ffmpeg-runner.js') : path.resolve('src/server/render/ffmpeg-runner.ts');
  // A sine wave named by a marker this test can find, read in real time (-re).
  // Two minutes outlives the test's 30 s wait; 8 kHz keeps it cheap. Nothing is written: the output is null.
  const marker = `sine=frequency=${String(1000 + Math.floor(Math.random() * 3000))}:sample_rate=8000:duration=120`;
  const script = path.join(dir, 'measure.mjs');
  await fs.writeFile(
    script,
    `import { runMediaTool } from ${JSON.stringify(runner)};\n` +
      `await runMediaTool(${JSON.stringify(ffmpegPath)}, ['-hide_banner', '-nostdin', '-nostats', '-re', '-f', 'lavfi', '-i', ${JSON.stringify(marker)}, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { timeout: 600_000 });\n`,
  );
  const parent = spawn(process.execPath, [...(build ? [] : ['--import', 'tsx']), script], { stdio: 'ignore' });
  try {
    await waitUntil(async () => (await processesWith(marker)).length > 0, 30_000, 50);
    parent.kill('SIGKILL');
    await new Promise((resolve) => parent.once('exit', resolve));
    // Bounds a hang only: the kernel signals the child as its parent dies.
    await waitUntil(async () => (await processesWith(marker)).length === 0, 30_000, 50);
  } finally {
    parent.kill('SIGKILL');
    for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
  }
  expect(await processesWith(marker)).toEqual([]);
});
