/** `value` inside [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** `value`, or `fallback` when a client sent something that is not a finite number. */
export function finite(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}
