/** '1:02.5', '62.5' or '62,5' -> 62.5 seconds; null when it is not a time. */
export function parseTime(text: string): number | null {
  const match = /^\s*(?:(\d+):)?(\d+(?:[.,]\d*)?|[.,]\d+)\s*$/.exec(text);
  if (!match) return null;
  const [, minutes, seconds = ''] = match;
  const value = Number(minutes ?? 0) * 60 + Number(seconds.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
