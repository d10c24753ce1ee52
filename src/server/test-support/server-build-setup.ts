import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
// For its declaration of the provided `serverBuild`.
import type {} from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** Under node_modules, so the compiled files find the packages as dist/ does. */
const cacheDir = path.join(root, 'node_modules/.cache/promptreel-test-server');
const buildConfig = 'tsconfig.server.build.json';
/** Builds of other sources kept, so switching branches back and forth does not rebuild each time. */
const KEEP_BUILDS = 3;

/**
 * Vitest global setup: compiles the server once per change of its sources, so the crash, shutdown and
 * scale-out tests spawn `node server/main.js` instead of compiling every module through tsx at each start.
 * The build is `tsc -p tsconfig.server.build.json` without the type check (`npm run typecheck` does that),
 * into a folder named by the hash of the sources, reused by later runs.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('serverBuild', await ensureServerBuild());
}

async function ensureServerBuild(): Promise<string> {
  const dir = path.join(cacheDir, await sourcesKey());
  if (await exists(path.join(dir, 'server', 'main.js'))) return dir;
  // Compiled beside it and renamed into place, so a run that stops half-way (or one running alongside)
  // never leaves or sees a partial build.
  const staging = `${dir}-${process.pid}.partial`;
  await fs.rm(staging, { recursive: true, force: true });
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', buildConfig, '--noCheck', '--outDir', staging], { cwd: root }).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`Compiling the server for the tests failed:\n${error.stdout || error.message}`);
    },
  );
  await fs.rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another run put the same build there first.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await fs.rm(staging, { recursive: true, force: true });
  });
  await pruneOldBuilds(dir);
  return dir;
}

/** A hash of what the build reads: the server's and shared sources (tests excluded, as the build excludes them) and the TypeScript configs. */
async function sourcesKey(): Promise<string> {
  const hash = createHash('sha256');
  const files = ['tsconfig.base.json', 'tsconfig.server.json', buildConfig, 'node_modules/typescript/package.json'];
  for (const dir of ['src/server', 'src/shared']) {
    const entries = await fs.readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    files.push(
      ...entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .filter((file) => !file.endsWith('.test.ts') && !file.includes(`${path.sep}test-support${path.sep}`)),
    );
  }
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(await fs.readFile(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pruneOldBuilds(current: string): Promise<void> {
  const names = await fs.readdir(cacheDir);
  const entries = await Promise.all(
    names
      .filter((name) => path.join(cacheDir, name) !== current)
      .map(async (name) => ({ name, mtime: (await fs.stat(path.join(cacheDir, name))).mtimeMs })),
  );
  const builds = entries.filter(({ name }) => !name.endsWith('.partial'));
  // A partial build an hour old was left by a run that stopped while compiling; a newer one may still be compiling.
  const abandoned = entries.filter(({ name, mtime }) => name.endsWith('.partial') && Date.now() - mtime > 3_600_000);
  const old = [...builds.sort((a, b) => b.mtime - a.mtime).slice(KEEP_BUILDS - 1), ...abandoned];
  await Promise.all(old.map(({ name }) => fs.rm(path.join(cacheDir, name), { recursive: true, force: true })));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
