import { describe, expect, it } from 'vitest';
import type { LaneDescriptor, TimelineBarModel } from './timeline-model';
import { toolLaneIds } from './tool-lanes';

const bar = (id: string): TimelineBarModel => ({ id, label: id, accessibleName: id, start: 0, end: 1, selected: false });
const ignore = () => undefined;
const LANES: LaneDescriptor[] = [
  { kind: 'video', id: 'video', label: 'Video' },
  { kind: 'sound', id: 'clip-sound', label: 'Clip sound' },
  { kind: 'audio', lane: 'voice', id: 'voice', label: 'Voice-over', bar: bar('voice'), onChange: ignore },
  { kind: 'audio', lane: 'music', id: 'music', label: 'Music: Upbeat', bar: bar('music'), onChange: ignore },
  { kind: 'captions', id: 'captions', label: 'Captions' },
  { kind: 'bars', id: 'text-a', label: 'Text 1: Hi', bars: [bar('a')], onSelect: ignore, onChange: ignore },
  { kind: 'bars', id: 'text-b', label: 'Text 2: There', bars: [bar('b')], onSelect: ignore, onChange: ignore },
];

describe('the lanes a phone keeps in view beside a tool', () => {
  it('are the lanes the tool edits', () => {
    expect(toolLaneIds('text', LANES)).toEqual(['text-a', 'text-b']);
    expect(toolLaneIds('trim', LANES)).toEqual(['video']);
    expect(toolLaneIds('audio', LANES)).toEqual(['clip-sound']);
    expect(toolLaneIds('voice', LANES)).toEqual(['voice']);
    expect(toolLaneIds('music', LANES)).toEqual(['music']);
    expect(toolLaneIds('captions', LANES)).toEqual(['captions']);
  });

  it('are none for a tool that edits the whole picture, or a lane the edit does not have yet', () => {
    for (const tool of ['effects', 'color', 'ai'] as const) expect(toolLaneIds(tool, LANES)).toEqual([]);
    expect(toolLaneIds('voice', LANES.filter((lane) => lane.id !== 'voice'))).toEqual([]);
  });
});
