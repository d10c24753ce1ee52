import type { Wave } from './synth-voices.ts';

/** The parts a track can use; a section names the ones that play in its bars. */
export type Layer = 'kick' | 'snare' | 'hat' | 'bass' | 'pad' | 'arp' | 'melody' | 'crackle';

/** One bar of a drum part: 16 sixteenth-note steps, `x` a hit, `X` an accented one, `o` an open hat, `.` silence. */
type DrumBar = string;

/**
 * One bar of a pitched part: 16 steps, a digit is a note that many scale degrees above the bar's chord root
 * (0 root, 2 third, 4 fifth, 7 octave), `-` holds the previous note one more step, `.` is silence.
 */
type StepBar = string;

/** A melody note: where it starts in its phrase (in sixteenths), its scale degree above the key's root, its length in sixteenths. */
type MelodyNote = readonly [step: number, degree: number, steps: number];

export interface VoiceSound {
  wave: Wave;
  /** Octave of the part's notes: 4 puts the key's root in the octave of middle C. */
  octave: number;
  /** 0..1 of full scale before mastering. */
  level: number;
  /** Low-pass cutoff in Hz; omitted leaves the oscillator open. */
  cutoff?: number;
  attack?: number;
  decay?: number;
  sustain?: number;
  release?: number;
  /** A second oscillator this many cents above (and one as far below): a fatter, chorused sound. */
  detuneCents?: number;
  pan?: number;
}

interface DrumSounds {
  /** The kick's pitch glide and length: a short punchy kick or a long boom. */
  kick: { fromHz: number; toHz: number; decay: number; level: number };
  snare: { toneHz: number; decay: number; level: number };
  hat: { decay: number; level: number };
}

export interface TrackDefinition {
  /** Stable row id; bump its version suffix when the definition changes, so a new file is rendered. */
  id: string;
  title: string;
  genre: string;
  mood: string;
  bpm: number;
  /** MIDI note of the key's root (60 = middle C). */
  root: number;
  scale: 'major' | 'minor' | 'dorian' | 'mixolydian';
  /** Whole bars of 4/4: the loop point is the bar line after the last. */
  bars: number;
  /** Delay of every second sixteenth, as a fraction of a sixteenth (0 straight, 0.33 a heavy swing). */
  swing?: number;
  /** Scale degree of each bar's chord, cycling; a chord stacks thirds on it (triad, or a 7th with `sevenths`). */
  chords: readonly number[];
  sevenths?: boolean;
  drums: { kick: DrumBar; snare: DrumBar; hat: DrumBar; fill: { kick: DrumBar; snare: DrumBar; hat: DrumBar } };
  sounds: DrumSounds & { bass: VoiceSound; pad: VoiceSound; arp: VoiceSound; melody: VoiceSound };
  /** Cycling bars of the bass and arpeggio parts. */
  bass: readonly StepBar[];
  arp: readonly StepBar[];
  /** A phrase `phraseBars` long, repeated while the melody plays. */
  melody: { phraseBars: number; notes: readonly MelodyNote[] };
  /** The arrangement, in order; their bars add up to `bars`. The last bar of the track plays the drum fill. */
  sections: ReadonlyArray<{ bars: number; layers: readonly Layer[] }>;
}

const SCALES: Record<TrackDefinition['scale'], readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
};

/** The frequency of a scale degree (may be negative or past 7) in the track's key, `octave` 4 holding its root near middle C. */
export function degreeFrequency(definition: Pick<TrackDefinition, 'root' | 'scale'>, degree: number, octave: number): number {
  const intervals = SCALES[definition.scale];
  const octaves = Math.floor(degree / 7);
  const index = degree - octaves * 7;
  const midi = definition.root + 12 * (octave - 4 + octaves) + intervals[index]!;
  return 440 * 2 ** ((midi - 69) / 12);
}
