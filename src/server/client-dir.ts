import { fileURLToPath } from 'node:url';

/** dist/client, next to the compiled server in dist/server (and reachable the same way from src/server). */
export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
