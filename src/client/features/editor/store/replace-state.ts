import { MAX_OVERLAYS } from '@shared/editor/editor-constants';
import type { EditorState } from '@shared/editor/editor-state';
import { sequenceSound, withSequenceSound, trimOf, withTrim } from '@shared/editor/sequence-controls';
import type { EditorCommand, StateSection } from './editor-commands';

/**
 * Puts a whole new edit in place (a suggestion the server applied) as one undoable step. Like every
 * command, it is only undone on the state it produced, so restoring what it replaced is exact.
 */
class ReplaceStateCommand implements EditorCommand {
  constructor(
    readonly label: string,
    readonly before: EditorState,
    readonly after: EditorState,
  ) {}

  execute(): EditorState {
    return this.after;
  }

  undo(): EditorState {
    return this.before;
  }
}

export function replaceStateCommand(label: string, state: EditorState, next: EditorState): EditorCommand | null {
  return JSON.stringify(state) === JSON.stringify(next) ? null : new ReplaceStateCommand(label, state, next);
}

const SECTIONS: StateSection[] = ['visualEffect', 'colorGrading'];

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `changed` is `base` with a change made elsewhere (on the server); `current` is `base` with the
 * edits made here meanwhile. The result has both: what the change touched comes from `changed`,
 * everything else from `current`.
 */
export function rebaseChange(base: EditorState, changed: EditorState, current: EditorState): EditorState {
  if (same(base, current)) return changed;
  const result: EditorState = { ...current };
  for (const key of SECTIONS) {
    if (!same(base[key], changed[key])) Object.assign(result, { [key]: changed[key] });
  }
  // The shots' trim and sound are taken apart, as the editor edits them: a new trim keeps a volume set here meanwhile.
  if (!same(trimOf(base), trimOf(changed))) result.shots = withTrim(result.shots, trimOf(changed));
  if (!same(sequenceSound(base), sequenceSound(changed))) result.shots = withSequenceSound(result.shots, sequenceSound(changed));
  const baseById = new Map(base.textOverlays.map((overlay) => [overlay.id, overlay]));
  const changedById = new Map(changed.textOverlays.map((overlay) => [overlay.id, overlay]));
  const kept = current.textOverlays
    .filter((overlay) => !baseById.has(overlay.id) || changedById.has(overlay.id))
    .map((overlay) => {
      const before = baseById.get(overlay.id);
      const after = changedById.get(overlay.id);
      return before && after && !same(before, after) ? after : overlay;
    });
  const currentIds = new Set(current.textOverlays.map((overlay) => overlay.id));
  const added = changed.textOverlays.filter((overlay) => !baseById.has(overlay.id) && !currentIds.has(overlay.id));
  result.textOverlays = [...kept, ...added].slice(0, MAX_OVERLAYS);
  return result;
}
