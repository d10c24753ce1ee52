let gestures = 0;

/** A new id for one continuous gesture (a drag, a slide): its edits share it and undo together. */
export function nextGestureId(): string {
  gestures += 1;
  return `gesture-${gestures}`;
}

/** crypto.randomUUID exists only in secure contexts; a plain-http LAN address still needs ids. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
