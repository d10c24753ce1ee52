/** The Voice panel's script box, and the recording on the voice lane it last showed the script of. */
export interface PlacedScript {
  mediaId: string | undefined;
  script: string;
}

/**
 * The box after the voice lane changed: when another recording is placed (a regenerate, or an undo or redo of one)
 * the box shows that recording's script, so the script and the voice-over never disagree; otherwise what the
 * creator typed stays. `placed` is the placed recording as the media list knows it (undefined until it is read).
 */
export function followPlacedScript(box: PlacedScript, placed: { id: string; prompt?: string } | undefined): PlacedScript {
  if (!placed || placed.id === box.mediaId) return box;
  return { mediaId: placed.id, script: placed.prompt ?? box.script };
}
