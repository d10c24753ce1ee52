import type { EditorState } from '@shared/editor/editor-state';
import type { Suggestion } from '@shared/schemas/ai';

/**
 * A suggestion applied for show before it is paid for (decision 036). The player, the frame and the timeline
 * draw `state`; the present stays the edit it was made from, so autosave, export and undo never see it, and
 * the edit waits until it is kept (made the present by auto-apply's answer) or discarded (nothing changed).
 */
export interface SuggestionPreview {
  suggestion: Suggestion;
  /** The edit it was made from: keeping it sends this again, so the server makes the change that was shown. */
  base: EditorState;
  state: EditorState;
  /** What keeping it costs now: 0 on Pro, or when the saved edit already has it. */
  credits: number;
}

/** Why what would change or use the edit waits while a suggestion is previewed. */
export const KEEP_OR_DISCARD_FIRST = 'Keep or discard the suggestion shown in the player first';

/** What the player shows: the previewed suggestion, else the edit. */
export function shownState(store: { present: EditorState; preview: SuggestionPreview | null }): EditorState {
  return store.preview?.state ?? store.present;
}
