import type { EditorState, TextOverlay } from '@shared/editor/editor-state';

/**
 * One undoable edit. The reducer only ever runs `undo` on the state `execute` produced (the
 * history is a stack), so a command may restore exactly what it captured when it was built.
 */
export interface EditorCommand {
  /** Shown on the undo and redo buttons: 'Undo Move text'. */
  readonly label: string;
  execute(state: EditorState): EditorState;
  undo(state: EditorState): EditorState;
  /** Folds a later command of the same gesture into this one; null when the two cannot fold. */
  merge?(next: EditorCommand): EditorCommand | null;
}

/** The parts of the state below the overlays, each replaced whole. */
export type StateSection = 'visualEffect' | 'shots' | 'colorGrading' | 'audioClips' | 'captions';
type SectionPatch = Partial<Pick<EditorState, StateSection>>;

/** Replaces whole sections of the state (effect, shots, grading, audio clips, captions). */
class SectionCommand implements EditorCommand {
  constructor(
    readonly label: string,
    readonly before: SectionPatch,
    readonly after: SectionPatch,
  ) {}

  execute(state: EditorState): EditorState {
    return { ...state, ...this.after };
  }

  undo(state: EditorState): EditorState {
    return { ...state, ...this.before };
  }

  merge(next: EditorCommand): EditorCommand | null {
    if (!(next instanceof SectionCommand) || next.label !== this.label) return null;
    // Keys the later command touched first keep their value from before this one.
    return new SectionCommand(this.label, { ...next.before, ...this.before }, { ...this.after, ...next.after });
  }
}

export type OverlayFields = Partial<Omit<TextOverlay, 'id'>>;

/** Changes fields of one overlay: its position, its text or its style. */
class OverlayCommand implements EditorCommand {
  constructor(
    readonly label: string,
    readonly overlayId: string,
    readonly before: OverlayFields,
    readonly after: OverlayFields,
  ) {}

  execute(state: EditorState): EditorState {
    return patchOverlay(state, this.overlayId, this.after);
  }

  undo(state: EditorState): EditorState {
    return patchOverlay(state, this.overlayId, this.before);
  }

  merge(next: EditorCommand): EditorCommand | null {
    if (!(next instanceof OverlayCommand) || next.overlayId !== this.overlayId || next.label !== this.label) return null;
    return new OverlayCommand(
      this.label,
      this.overlayId,
      { ...next.before, ...this.before },
      { ...this.after, ...next.after },
    );
  }
}

function patchOverlay(state: EditorState, id: string, fields: OverlayFields): EditorState {
  return {
    ...state,
    textOverlays: state.textOverlays.map((overlay) => (overlay.id === id ? { ...overlay, ...fields } : overlay)),
  };
}

class AddOverlayCommand implements EditorCommand {
  readonly label = 'Add text';
  constructor(readonly overlay: TextOverlay) {}

  execute(state: EditorState): EditorState {
    return { ...state, textOverlays: [...state.textOverlays, this.overlay] };
  }

  undo(state: EditorState): EditorState {
    return { ...state, textOverlays: state.textOverlays.filter((overlay) => overlay.id !== this.overlay.id) };
  }
}

class RemoveOverlayCommand implements EditorCommand {
  readonly label = 'Delete text';
  constructor(
    readonly overlay: TextOverlay,
    readonly index: number,
  ) {}

  execute(state: EditorState): EditorState {
    return { ...state, textOverlays: state.textOverlays.filter((overlay) => overlay.id !== this.overlay.id) };
  }

  undo(state: EditorState): EditorState {
    // Back at its old index, so it is drawn at the same depth among the others.
    const textOverlays = [...state.textOverlays];
    textOverlays.splice(this.index, 0, this.overlay);
    return { ...state, textOverlays };
  }
}

export function sectionCommand(label: string, state: EditorState, after: SectionPatch): EditorCommand | null {
  const keys = Object.keys(after) as StateSection[];
  const before: SectionPatch = Object.fromEntries(keys.map((key) => [key, state[key]]));
  return sameValues(before, after) ? null : new SectionCommand(label, before, after);
}

export function overlayCommand(
  label: string,
  state: EditorState,
  overlayId: string,
  after: OverlayFields,
): EditorCommand | null {
  const overlay = state.textOverlays.find((candidate) => candidate.id === overlayId);
  if (!overlay) return null;
  const keys = Object.keys(after) as (keyof OverlayFields)[];
  const before: OverlayFields = Object.fromEntries(keys.map((key) => [key, overlay[key]]));
  return sameValues(before, after) ? null : new OverlayCommand(label, overlayId, before, after);
}

export function addOverlayCommand(overlay: TextOverlay): EditorCommand {
  return new AddOverlayCommand(overlay);
}

export function removeOverlayCommand(state: EditorState, overlayId: string): EditorCommand | null {
  const index = state.textOverlays.findIndex((overlay) => overlay.id === overlayId);
  const overlay = state.textOverlays[index];
  return overlay ? new RemoveOverlayCommand(overlay, index) : null;
}

/** Two commands of one gesture as one; a command that cannot merge is composed instead. */
export function mergeCommands(first: EditorCommand, next: EditorCommand): EditorCommand {
  const merged = first.merge?.(next);
  if (merged) return merged;
  return {
    label: next.label,
    execute: (state) => next.execute(first.execute(state)),
    undo: (state) => first.undo(next.undo(state)),
  };
}

/** The state's values are plain JSON, so comparing their serialisations is exact. */
function sameValues(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
