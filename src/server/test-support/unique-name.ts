import { randomUUID } from 'node:crypto';

/**
 * A username no other test in the run has taken: `prefix` and eight random hex characters (within the
 * 32-character limit for a prefix of up to 23). Tests that share one app sign up a user of their own with it.
 */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
