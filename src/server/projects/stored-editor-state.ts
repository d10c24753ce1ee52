import { type EditorState, editorStateSchema, fitOverlayText } from '../../shared/editor/editor-state.ts';

/**
 * The one decoder of a saved edit (the project row's JSON). Edits saved before an overlay was bounded to
 * its current number of lines keep their first lines instead of being thrown away; anything else that no
 * longer fits the schema reads as `undefined` ("not edited").
 */
export function decodeStoredEditorState(json: string | null): EditorState | undefined {
  if (!json) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = editorStateSchema.safeParse(withOverlayTextFitted(stored));
  return parsed.success ? parsed.data : undefined;
}

function withOverlayTextFitted(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !Array.isArray((stored as { textOverlays?: unknown }).textOverlays)) return stored;
  const state = stored as { textOverlays: unknown[] };
  return {
    ...state,
    textOverlays: state.textOverlays.map((overlay) =>
      typeof overlay === 'object' && overlay !== null && typeof (overlay as { text?: unknown }).text === 'string'
        ? { ...overlay, text: fitOverlayText((overlay as { text: string }).text) }
        : overlay,
    ),
  };
}
