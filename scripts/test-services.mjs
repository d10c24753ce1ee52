// The PostgreSQL + Redis suite: every test file that uses a database target or Redis, run against the
// real services of TEST_DATABASE_URL and TEST_REDIS_URL (defaults: the local servers CI uses). SQLite
// variants and files that need neither were run by `npm test` already, so they are left out here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  TEST_SERVICES_ONLY: '1',
};
const usesServices = /testDatabases\(|TEST_DATABASE_URL|TEST_REDIS_URL/;
const files = fs
  .readdirSync('src/server', { recursive: true })
  .map((file) => path.join('src/server', String(file)))
  .filter((file) => file.endsWith('.test.ts') && usesServices.test(fs.readFileSync(file, 'utf8')))
  .sort();
console.log(`PostgreSQL + Redis suite against ${env.TEST_DATABASE_URL} and ${env.TEST_REDIS_URL}: ${files.length} test files`);
const result = spawnSync('npx', ['vitest', 'run', ...files, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
