import { PRODUCT_NAME } from '../../shared/product.ts';
import type { MailMessage } from '../providers/mailer/mailer.ts';
import { escapeHtml } from './escape-html.ts';

export function passwordResetEmail(to: string, username: string, resetUrl: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within the next hour:`,
    '',
    resetUrl,
    '',
    "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#0b0b10;color:#f4f4f5;padding:24px">
<h1 style="font-size:20px">Reset your ${PRODUCT_NAME} password</h1>
<p>Hi ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your ${PRODUCT_NAME} account. The link works once, within the next hour.</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;background:#db2777;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Choose a new password</a></p>
<p style="color:#a1a1aa;font-size:13px">Or paste this address into your browser: ${escapeHtml(resetUrl)}</p>
<p style="color:#a1a1aa;font-size:13px">If you didn't ask for this, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html };
}
