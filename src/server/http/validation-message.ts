/**
 * A validation failure as one sentence for the client. Our schemas word their own messages; zod's
 * defaults ("Invalid option…", "Too big…") need the field to make sense, so it leads them.
 */
export function validationMessage(field: string | undefined, message: string): string {
  const generic = /^(Invalid|Too (big|small)|Unrecognized key|Expected)/.test(message);
  return field && generic ? `${field}: ${message}` : message;
}
