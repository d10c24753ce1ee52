/** Vitest global setup: says once per run which services the suites run against. */
export default function announceDatabases(): void {
  console.log(
    !process.env.TEST_DATABASE_URL
      ? 'PostgreSQL suite skipped: TEST_DATABASE_URL is not set (SQLite only).'
      : process.env.TEST_SERVICES_ONLY
        ? 'Database suites run on PostgreSQL only (TEST_DATABASE_URL, TEST_SERVICES_ONLY): npm test covers SQLite.'
        : 'Database suites run on SQLite and on PostgreSQL (TEST_DATABASE_URL).',
  );
  console.log(
    process.env.TEST_REDIS_URL
      ? 'Queue suites run on the database queue and on BullMQ (TEST_REDIS_URL).'
      : 'Redis (BullMQ) suite skipped: TEST_REDIS_URL is not set.',
  );
}
