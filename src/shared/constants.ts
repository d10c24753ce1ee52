/** Business constants of SPEC §9 that more than one side of the app needs. */
export const SUBSCRIPTIONS = ['free', 'pro'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const NEW_USER_CREDITS = 200;
/** Free users below this balance see the low-credit warning (one 8-second segment costs 12). */
export const LOW_CREDITS_THRESHOLD = 12;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
