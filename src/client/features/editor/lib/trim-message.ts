import type { Trim } from '@shared/editor/sequence-controls';
import { formatTime } from './format-time';

/**
 * What the toast says after Set In or Set Out: where the video now starts or ends, and, when the new
 * point crossed the other one and moved it, where that one went and why.
 */
export function trimMessage(side: 'in' | 'out', before: Trim, after: Trim): { title: string; description: string } {
  if (side === 'in') {
    const moved = after.end !== before.end ? ` It was after the Out point, so the video now runs to ${formatTime(after.end)}.` : '';
    return { title: 'In point set', description: `The video now starts at ${formatTime(after.start)}.${moved}` };
  }
  const moved = after.start !== before.start ? ` It was before the In point, so the video now starts at ${formatTime(after.start)}.` : '';
  return { title: 'Out point set', description: `The video now ends at ${formatTime(after.end)}.${moved}` };
}
