const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '3 minutes ago', '2 days ago'; anything under a minute old is 'just now'. */
export function relativeTime(iso: string, now: number): string {
  const elapsedSeconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, seconds] of UNITS) {
    if (elapsedSeconds >= seconds) return format.format(-Math.floor(elapsedSeconds / seconds), unit);
  }
  return 'just now';
}
