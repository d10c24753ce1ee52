// Runs before `npm start`: builds the app when dist/ is missing or older than the sources, so a fresh
// clone (or a pull) needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/client/index.html', 'dist/server/main.js', 'dist/server/worker.js', 'dist/server/cli.js'].map((f) => path.join(root, f));
const inputs = ['src', 'package.json', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.server.json', 'tsconfig.client.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));

if (builtAt < changedAt) {
  console.log(builtAt === 0 ? 'Building PromptReel for the first start…' : 'Sources changed since the last build; rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
