import { makeAdmin } from './admin/make-admin.ts';
import { loadConfig } from './config.ts';

const usage = 'Usage: npm run make-admin -- <username>';

async function main([command, username]: string[]): Promise<number> {
  if (command !== 'make-admin' || !username) {
    console.error(usage);
    return 2;
  }
  const result = await makeAdmin(loadConfig(process.env), username);
  (result.ok ? console.log : console.error)(result.message);
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
