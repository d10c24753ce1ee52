import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  updateEmailRequestSchema,
} from '../../shared/schemas/auth.ts';
import { currentUserResponseSchema, meResponseSchema } from '../../shared/schemas/user.ts';
import { unauthorized } from '../http/http-error.ts';
import { rateLimits } from '../http/rate-limits.ts';
import type { BackgroundTasks } from '../background-tasks.ts';
import type { AuthService } from './auth-service.ts';
import { toCurrentUser } from './current-user.ts';
import { requireUser, signedInOnly } from './request-user.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';

const FORGOT_PASSWORD_MESSAGE =
  "If an account exists with this email, you'll receive password reset instructions.";

interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
  background: BackgroundTasks;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, secureCookies, background }) => {
  // Nobody signed in is an answer, not an error (decision 057): a visitor without a session cookie hears
  // { user: null }. A cookie whose session has ended still hears 401, and loses the cookie.
  app.get('/api/auth/me', { schema: { response: { 200: meResponseSchema } } }, async (request, reply) => {
    if (request.user) return { user: toCurrentUser(request.user) };
    if (readSessionToken(request) === undefined) return { user: null };
    clearSessionCookie(reply, secureCookies);
    throw unauthorized();
  });

  // Not in SPEC §7: an account made without an e-mail can add one later (decision 030).
  app.patch(
    '/api/auth/me',
    {
      config: { rateLimit: rateLimits.changeEmail },
      preValidation: signedInOnly,
      schema: { body: updateEmailRequestSchema, response: { 200: currentUserResponseSchema } },
    },
    async (request) => ({ user: toCurrentUser(await auth.changeEmail(requireUser(request), request.body)) }),
  );

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimit: rateLimits.signup },
      schema: { body: signupRequestSchema, response: { 201: currentUserResponseSchema } },
    },
    async (request, reply) => {
      const { user, session } = await auth.signup(request.body);
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      return reply.status(201).send({ user: toCurrentUser(user) });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: rateLimits.login },
      schema: { body: loginRequestSchema, response: { 200: currentUserResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const { user, session } = await auth.login(username, password, readSessionToken(request));
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      return { user: toCurrentUser(user) };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(reply, secureCookies);
    return { message: 'Logged out' };
  });

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: rateLimits.forgotPassword },
      schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      // In the background: the answer and its timing must not depend on whether the account exists.
      const { email } = request.body;
      background.run('password reset e-mail', () => auth.requestPasswordReset(email));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: rateLimits.resetPassword },
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: 'Password reset successful' };
    },
  );
};
