import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Makes a fresh, empty database for one test app, and a function that removes it. */
  create(dir: string): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async create(dir) {
    return { target: { kind: 'sqlite', file: `${dir}/test.sqlite` }, drop: async () => {} };
  },
};

function postgres(baseUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async create() {
      // A schema per app keeps parallel test files and repeated CI runs from seeing each other's rows.
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        target: { kind: 'postgres', url: url.toString() },
        drop: async () => {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          await client.query(`drop schema ${schema} cascade`);
          await client.end();
        },
      };
    },
  };
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (announce-databases.ts says which). The
 * services suite (`npm run test:services`, TEST_SERVICES_ONLY) runs PostgreSQL alone: `npm test` has run SQLite.
 */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return [sqlite];
  return process.env.TEST_SERVICES_ONLY ? [postgres(url)] : [sqlite, postgres(url)];
}
