import { PRODUCT_NAME } from '../../shared/product.ts';
import type { MailMessage } from '../providers/mailer/mailer.ts';
import { escapeHtml } from './escape-html.ts';

export function videoReadyEmail(to: string, username: string, title: string, editorUrl: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    `Your video "${title}" is ready. Open it in the ${PRODUCT_NAME} editor to add text, effects and music, then export it for TikTok, Reels or Shorts:`,
    '',
    editorUrl,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#0b0b10;color:#f4f4f5;padding:24px">
<h1 style="font-size:20px">Your video is ready</h1>
<p>Hi ${escapeHtml(username)},</p>
<p>Your video <strong>${escapeHtml(title)}</strong> is ready. Open it in the editor to add text, effects and music, then export it for TikTok, Reels or Shorts.</p>
<p><a href="${escapeHtml(editorUrl)}" style="display:inline-block;background:#db2777;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Open in the editor</a></p>
</body></html>`;
  return { to, subject: `Your video is ready: ${title}`, text, html };
}
