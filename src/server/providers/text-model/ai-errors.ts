/** What every AI adapter shares for failures: the messages users see, and logging without secrets. */

export interface ProviderLogger {
  warn(obj: object, msg?: string): void;
}

export const BUSY_MESSAGE = 'The AI service is busy. Please try again in a minute.';
export const UNUSABLE_ANSWER_MESSAGE = 'The AI returned an answer we could not use. Please try again.';

export function redactor(secret: string): (text: string) => string {
  return (text) => (secret ? text.split(secret).join('[redacted]') : text);
}

/** For logs: the provider's own reason, with the key removed. */
export function describeFailure(error: unknown, redact: (text: string) => string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redact(text.length > 500 ? `${text.slice(0, 500)}…` : text);
}
