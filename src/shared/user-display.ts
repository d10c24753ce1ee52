import { LOW_CREDITS_THRESHOLD } from './constants.ts';
import type { CurrentUser } from './schemas/user.ts';

/** The dashboard greets a user by the part of the username before any '@'. */
export function greetingName(username: string): string {
  const [beforeAt] = username.split('@');
  return beforeAt || username;
}

export function hasLowCredits(user: Pick<CurrentUser, 'subscription' | 'credits'>): boolean {
  return user.subscription === 'free' && user.credits < LOW_CREDITS_THRESHOLD;
}
