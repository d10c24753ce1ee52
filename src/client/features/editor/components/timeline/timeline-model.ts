import type { SoundLaneId } from '../../hooks/use-lanes-preview';

/** The least a touch target takes (WCAG 2.5.5, Apple's and Google's guides). */
export const FINGER_PX = 44;

/** A span on a lane, in output seconds (the timeline's axis). */
export interface TimelineBarModel {
  id: string;
  /** What the bar shows. */
  label: string;
  /** How a screen reader names it: 'Text timing: Big news'. */
  accessibleName: string;
  start: number;
  end: number;
  selected: boolean;
}

/** A bar's new place: moved whole, or one edge dragged (output seconds). */
export type BarChange = { edge: 'move'; start: number } | { edge: 'start'; start: number } | { edge: 'end'; end: number };

/** A lane of bars (a text overlay's). */
export interface BarLane {
  kind: 'bars';
  id: string;
  /** The lane's name for a screen reader: 'Text: Big news'. */
  label: string;
  bars: TimelineBarModel[];
  onSelect: (barId: string) => void;
  onChange: (barId: string, change: BarChange, gesture?: string) => void;
}

/** The shots: a tile each with its filmstrip and trim edges, and the joints between them. */
export interface VideoLane {
  kind: 'video';
  id: string;
  label: string;
}

/** The shots' own sound: each one's waveform under its tile. */
export interface SoundLane {
  kind: 'sound';
  id: string;
  label: string;
}

/** A sound under the shots (the music, the voice-over): one bar where its clip plays on the output, drawn with its waveform. */
export interface AudioLane {
  kind: 'audio';
  lane: SoundLaneId;
  id: string;
  label: string;
  bar: TimelineBarModel;
  onChange: (change: BarChange, gesture?: string) => void;
}

/** The captions: a block per line, a piece per word, whose edges drag. */
export interface CaptionsLane {
  kind: 'captions';
  id: string;
  label: string;
}

export type LaneDescriptor = VideoLane | SoundLane | AudioLane | CaptionsLane | BarLane;

/** What every lane needs to place things on the shared axis. */
export interface TimelineAxis {
  duration: number;
  pxPerSecond: number;
  /** The playhead, in output seconds. */
  time: number;
  /** Times a dragged edge snaps to: the playhead, the output's ends, the joints between shots and every bar's edges. */
  snapTargets: readonly number[];
  /** Seconds within which a dragged edge snaps (a few pixels at the current zoom). */
  snapThreshold: number;
}
