import { LOW_CREDITS_THRESHOLD } from './constants.ts';
import type { CurrentUser } from './schemas/user.ts';

/** The dashboard greets a user by the part of the username before any '@'. */
export function greetingName(username: string): string {
  const [beforeAt] = username.split('@');
  return beforeAt || username;
}

/** An account younger than this is greeted as new: its owner has not been here before to come back to. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** "Welcome" on the first day of an account, "Welcome back" after. */
export function greeting(user: Pick<CurrentUser, 'createdAt'>, now: Date): string {
  const age = now.getTime() - Date.parse(user.createdAt);
  return Number.isFinite(age) && age < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
}

export function hasLowCredits(user: Pick<CurrentUser, 'subscription' | 'credits'>): boolean {
  return user.subscription === 'free' && user.credits < LOW_CREDITS_THRESHOLD;
}
