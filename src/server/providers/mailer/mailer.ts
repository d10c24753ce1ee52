export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The Mailer port: feature code sends mail through this and never sees the transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
