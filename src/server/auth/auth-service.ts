import { randomUUID } from 'node:crypto';
import { NEW_USER_CREDITS } from '../../shared/constants.ts';
import type { ResetPasswordRequest, UpdateEmailRequest } from '../../shared/schemas/auth.ts';
import { recordCreditChange } from '../credits/credit-ledger.ts';
import { type Db, isUniqueViolation } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, conflict, forbidden } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { passwordResetEmail } from '../mail/password-reset-email.ts';
import type { Mailer } from '../providers/mailer/index.ts';
import type { PasswordHasher } from './password-hash.ts';
import { consumeResetToken, createResetToken, deleteUserResetTokens } from './reset-tokens-repository.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions-repository.ts';
import { findUserByUsername, findUsersByEmail, insertUser, updateEmail, updatePasswordHash, usernameKey } from './users-repository.ts';

const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
const USERNAME_TAKEN_MESSAGE = 'That username is already taken';
const INVALID_RESET_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';
const WRONG_PASSWORD_MESSAGE = 'That password is not correct.';

export interface SignedIn {
  user: UserRow;
  session: { token: string; expiresAt: Date };
}

interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  passwords: PasswordHasher;
  now?: () => Date;
}

export function createAuthService({ db, mailer, logger, publicUrl, passwords, now = () => new Date() }: AuthServiceDeps) {
  async function signup(input: { username: string; email?: string | undefined; password: string }): Promise<SignedIn> {
    const username = input.username.trim();
    if (await findUserByUsername(db, username)) throw conflict(USERNAME_TAKEN_MESSAGE);
    const passwordHash = await passwords.hash(input.password);
    const at = now();
    try {
      const user = await db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, {
          id: randomUUID(),
          username,
          usernameKey: usernameKey(username),
          email: input.email?.trim() || null,
          passwordHash,
          credits: NEW_USER_CREDITS,
          createdAt: at.toISOString(),
        });
        await recordCreditChange(trx, { userId: created.id, delta: NEW_USER_CREDITS, reason: 'signup-grant' }, at);
        return created;
      });
      return { user, session: await createSession(db, user.id, at) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
      throw error;
    }
  }

  /** Checks the password and starts a fresh session, ending the one the browser came with. */
  async function login(username: string, password: string, previousToken?: string): Promise<SignedIn> {
    const user = await findUserByUsername(db, username);
    const valid = await passwords.verify(password, user?.passwordHash ?? (await passwords.decoyHash()));
    if (!user || !valid) throw new HttpError(401, INVALID_LOGIN_MESSAGE);
    if (previousToken) await deleteSession(db, previousToken);
    return { user, session: await createSession(db, user.id, now()) };
  }

  async function logout(token: string | undefined): Promise<void> {
    if (token) await deleteSession(db, token);
  }

  /**
   * Creates a reset link for every account with this address and mails it. The caller answers the
   * same whatever happens here, so the response never tells whether an account exists.
   */
  async function requestPasswordReset(email: string): Promise<void> {
    const users = await findUsersByEmail(db, email);
    for (const user of users) {
      const token = await createResetToken(db, user.id, now());
      const resetUrl = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send(passwordResetEmail(user.email ?? email, user.username, resetUrl));
      logger.info({ userId: user.id }, 'password reset e-mail sent');
    }
  }

  /** Sets the new password, spends the token, and signs the account out everywhere. */
  async function resetPassword({ token, newPassword }: ResetPasswordRequest): Promise<void> {
    const passwordHash = await passwords.hash(newPassword);
    await db.transaction().execute(async (trx) => {
      const userId = await consumeResetToken(trx, token, now());
      if (!userId) throw badRequest(INVALID_RESET_MESSAGE);
      await updatePasswordHash(trx, userId, passwordHash);
      await deleteUserResetTokens(trx, userId);
      await deleteUserSessions(trx, userId);
    });
  }

  /**
   * Sets the address password resets and notices go to. The password is asked again: with the address,
   * a borrowed session could take the account for good. Several accounts may share one address, as at
   * signup, so nothing here says whether another account has it.
   */
  async function changeEmail(user: UserRow, { email, password }: UpdateEmailRequest): Promise<UserRow> {
    if (!(await passwords.verify(password, user.passwordHash))) throw forbidden(WRONG_PASSWORD_MESSAGE);
    const updated = await updateEmail(db, user.id, email);
    logger.info({ userId: user.id }, 'account e-mail changed');
    return updated;
  }

  return { signup, login, logout, requestPasswordReset, resetPassword, changeEmail };
}

export type AuthService = ReturnType<typeof createAuthService>;
