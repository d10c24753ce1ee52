// The PostgreSQL + Redis suite: the same tests, run against the real services of TEST_DATABASE_URL
// and TEST_REDIS_URL (defaults: the local servers CI uses). Every suite that touches the database
// runs once per target, so this covers SQLite and PostgreSQL side by side.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
console.log(`PostgreSQL + Redis suite against ${env.TEST_DATABASE_URL} and ${env.TEST_REDIS_URL}`);
const result = spawnSync('npx', ['vitest', 'run', 'src/server', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
