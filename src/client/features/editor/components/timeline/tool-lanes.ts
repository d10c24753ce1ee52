import { EDITOR_TOOLS, type EditorToolId, type ToolLane } from '../panels/editor-tools';
import type { LaneDescriptor } from './timeline-model';

function laneKind(lane: LaneDescriptor): ToolLane {
  switch (lane.kind) {
    case 'video':
    case 'sound':
    case 'captions':
      return lane.kind;
    case 'audio':
      return lane.lane;
    case 'bars':
      return 'text';
  }
}

/** The ids of the lanes `tool` edits, in the timeline's order: what a phone shows above the tool's sheet (decision 065). */
export function toolLaneIds(tool: EditorToolId, lanes: readonly LaneDescriptor[]): string[] {
  const edited: readonly ToolLane[] = EDITOR_TOOLS.find(({ id }) => id === tool)?.lanes ?? [];
  return lanes.filter((lane) => edited.includes(laneKind(lane))).map((lane) => lane.id);
}
