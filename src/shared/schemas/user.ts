import { z } from 'zod';
import { SUBSCRIPTIONS } from '../constants.ts';

/** The signed-in user as the me, login and signup calls return it. Never carries secrets. */
const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  subscription: z.enum(SUBSCRIPTIONS),
  isAdmin: z.boolean(),
  credits: z.number().int(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserResponseSchema = z.object({ user: currentUserSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/** GET /api/auth/me: `user` is null for a visitor without a session (decision 057). */
export const meResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
