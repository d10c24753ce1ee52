/** Vitest global setup: says once per run which databases the suites run on. */
export default function announceDatabases(): void {
  if (process.env.TEST_DATABASE_URL) {
    console.log('Database suites run on SQLite and on PostgreSQL (TEST_DATABASE_URL).');
  } else {
    console.log('PostgreSQL suite skipped: TEST_DATABASE_URL is not set (SQLite only).');
  }
}
