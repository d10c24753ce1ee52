/** Percent of the frame an arrow key moves a focused overlay; with Shift, ten times as far. */
const NUDGE_PERCENT = 1;
const SHIFT_NUDGE_PERCENT = 10;

/**
 * How far an arrow key moves an overlay on the frame, in percent of its width (x) and height (y); null for
 * any other key, or an arrow with Ctrl, Cmd or Alt (the browser's and the editor's own shortcuts).
 */
export function overlayNudge(key: string, modifiers: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): { dx: number; dy: number } | null {
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return null;
  const step = modifiers.shiftKey ? SHIFT_NUDGE_PERCENT : NUDGE_PERCENT;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}
