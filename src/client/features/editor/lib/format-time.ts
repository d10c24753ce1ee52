/** 83.456 -> '1:23.45': minutes, seconds and hundredths, the precision the timeline works at. */
export function formatTime(seconds: number): string {
  const hundredths = Math.max(0, Math.floor(Math.round(seconds * 1000) / 10));
  const minutes = Math.floor(hundredths / 6000);
  const secs = Math.floor((hundredths % 6000) / 100);
  const rest = hundredths % 100;
  return `${minutes}:${String(secs).padStart(2, '0')}.${String(rest).padStart(2, '0')}`;
}

/** 8 -> '8s', 7.5 -> '7.5s': a clip's length in the header. */
export function formatDuration(seconds: number): string {
  return `${Math.round(seconds * 10) / 10}s`;
}
