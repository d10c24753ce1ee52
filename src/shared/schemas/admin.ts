import { z } from 'zod';
import { SUBSCRIPTIONS } from '../constants.ts';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalVideos: z.number().int(),
  videosThisMonth: z.number().int(),
  proUsers: z.number().int(),
  freeUsers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One row of the admin user table: never a password, token or Stripe id. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  subscription: z.enum(SUBSCRIPTIONS),
  credits: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const updateSubscriptionRequestSchema = z
  .object({ subscription: z.enum(SUBSCRIPTIONS, { error: 'Subscription must be free or pro' }) })
  .strict();

export const checkoutSessionResponseSchema = z.object({ url: z.string().url() });
