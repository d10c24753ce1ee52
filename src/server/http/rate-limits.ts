/** Per-IP limits on the calls attackers hammer (DESIGN §5). Exceeding one answers 429 with Retry-After. */
export const rateLimits = {
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 10, timeWindow: '1 hour' },
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
} as const;
