import type { TrackDefinition } from './track-definition.ts';

/**
 * The built-in library, composed here and rendered by render-track.ts: nothing is downloaded and nothing
 * carries anyone else's licence. Change a definition and bump its id's version, or the old file stays.
 */

const FOUR_ON_THE_FLOOR = 'x...x...x...x...';
const BACKBEAT = '....x.......x...';

const upbeat: TrackDefinition = {
  id: 'library-upbeat-v1',
  title: 'Bright Side Run',
  genre: 'Upbeat',
  mood: 'energetic',
  bpm: 124,
  root: 60,
  scale: 'major',
  bars: 32,
  chords: [0, 4, 5, 3],
  drums: {
    kick: FOUR_ON_THE_FLOOR,
    snare: BACKBEAT,
    hat: '..x...x...x...xo',
    fill: { kick: 'x...x...x...x.xx', snare: '....x.....x.xxXX', hat: '..x...x...x...o.' },
  },
  sounds: {
    kick: { fromHz: 160, toHz: 50, decay: 0.09, level: 0.9 },
    snare: { toneHz: 200, decay: 0.09, level: 0.45 },
    hat: { decay: 0.025, level: 0.25 },
    bass: { wave: 'saw', octave: 2, level: 0.35, cutoff: 700, sustain: 0.6, release: 0.04 },
    pad: { wave: 'saw', octave: 4, level: 0.09, cutoff: 2200, attack: 0.02, detuneCents: 9, pan: -0.2 },
    arp: { wave: 'square', octave: 5, level: 0.08, cutoff: 3500, decay: 0.08, sustain: 0.2, pan: 0.35 },
    melody: { wave: 'saw', octave: 5, level: 0.16, cutoff: 4000, detuneCents: 5, sustain: 0.6, release: 0.12 },
  },
  bass: ['0.0.0.0.0.0.0.07', '0.0.0.0.0.0.04--'],
  arp: ['0247024702470247'],
  melody: {
    phraseBars: 4,
    notes: [
      [0, 4, 2], [2, 4, 2], [4, 5, 2], [6, 4, 4], [12, 2, 4],
      [16, 1, 2], [18, 1, 2], [20, 2, 2], [22, 4, 6], [28, 6, 4],
      [32, 7, 4], [36, 5, 2], [38, 4, 2], [40, 5, 4], [44, 3, 4],
      [48, 4, 2], [50, 2, 2], [52, 1, 4], [56, 0, 8],
    ],
  },
  sections: [
    { bars: 4, layers: ['kick', 'hat', 'bass', 'arp'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'melody'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
    { bars: 4, layers: ['hat', 'bass', 'pad', 'arp'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
  ],
};

const chill: TrackDefinition = {
  id: 'library-chill-v1',
  title: 'Low Tide Afternoon',
  genre: 'Chill',
  mood: 'relaxed',
  bpm: 90,
  root: 62,
  scale: 'dorian',
  bars: 24,
  sevenths: true,
  chords: [0, 3, 0, 4],
  drums: {
    kick: 'x.........x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    fill: { kick: 'x.........x.....', snare: '....x.......x.x.', hat: 'x.x.x.x.x.x.o...' },
  },
  sounds: {
    kick: { fromHz: 120, toHz: 48, decay: 0.12, level: 0.75 },
    snare: { toneHz: 180, decay: 0.12, level: 0.28 },
    hat: { decay: 0.02, level: 0.14 },
    bass: { wave: 'sine', octave: 2, level: 0.5, sustain: 0.8, release: 0.1 },
    pad: { wave: 'triangle', octave: 4, level: 0.12, cutoff: 1800, attack: 0.4, release: 0.6, detuneCents: 6 },
    arp: { wave: 'sine', octave: 5, level: 0.1, decay: 0.3, sustain: 0.1, release: 0.3, pan: -0.4 },
    melody: { wave: 'triangle', octave: 5, level: 0.2, attack: 0.03, release: 0.3, pan: 0.2 },
  },
  bass: ['0-----0---4-----', '0-----0---2---4-'],
  arp: ['0...4...7...6...'],
  melody: {
    phraseBars: 4,
    notes: [[0, 4, 6], [8, 2, 4], [12, 3, 4], [16, 1, 12], [32, 4, 4], [36, 6, 4], [40, 7, 6], [48, 5, 4], [52, 4, 12]],
  },
  sections: [
    { bars: 4, layers: ['pad', 'arp', 'bass'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'melody'] },
    { bars: 4, layers: ['hat', 'bass', 'pad', 'arp'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
  ],
};

const cinematic: TrackDefinition = {
  id: 'library-cinematic-v1',
  title: 'Over the Ridge',
  genre: 'Cinematic',
  mood: 'epic',
  bpm: 72,
  root: 57,
  scale: 'minor',
  bars: 20,
  chords: [0, 5, 2, 6],
  drums: {
    kick: 'x.........x.....',
    snare: '................',
    hat: '................',
    fill: { kick: 'x.....x...x.x.x.', snare: '............x.xx', hat: '................' },
  },
  sounds: {
    kick: { fromHz: 90, toHz: 38, decay: 0.45, level: 0.9 },
    snare: { toneHz: 140, decay: 0.25, level: 0.4 },
    hat: { decay: 0.02, level: 0.1 },
    bass: { wave: 'saw', octave: 2, level: 0.22, cutoff: 300, attack: 0.2, sustain: 0.9, release: 0.5 },
    pad: { wave: 'saw', octave: 3, level: 0.1, cutoff: 1400, attack: 0.8, release: 1.2, sustain: 0.9, detuneCents: 12 },
    arp: { wave: 'triangle', octave: 4, level: 0.12, attack: 0.01, decay: 0.2, sustain: 0.3, release: 0.2, pan: 0.3 },
    melody: { wave: 'saw', octave: 5, level: 0.12, cutoff: 2500, attack: 0.15, sustain: 0.85, release: 0.6, detuneCents: 7 },
  },
  bass: ['0---------------'],
  arp: ['0.4.7.4.0.4.7.4.'],
  melody: {
    phraseBars: 4,
    notes: [[0, 4, 12], [12, 2, 4], [16, 3, 8], [24, 2, 8], [32, 0, 8], [40, 2, 8], [48, 4, 8], [56, 6, 8]],
  },
  sections: [
    { bars: 4, layers: ['pad', 'bass'] },
    { bars: 4, layers: ['kick', 'pad', 'bass', 'arp'] },
    { bars: 8, layers: ['kick', 'snare', 'pad', 'bass', 'arp', 'melody'] },
    { bars: 4, layers: ['kick', 'pad', 'bass', 'melody'] },
  ],
};

const loFi: TrackDefinition = {
  id: 'library-lofi-v1',
  title: 'Dusty Notebook',
  genre: 'Lo-fi',
  mood: 'nostalgic',
  bpm: 80,
  root: 65,
  scale: 'major',
  bars: 20,
  swing: 0.3,
  sevenths: true,
  chords: [1, 4, 0, 5],
  drums: {
    kick: 'x......x..x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    fill: { kick: 'x......x..x...xx', snare: '....x.......x.xX', hat: 'x.x.x.x.x.x.x.o.' },
  },
  sounds: {
    kick: { fromHz: 110, toHz: 45, decay: 0.14, level: 0.8 },
    snare: { toneHz: 170, decay: 0.1, level: 0.3 },
    hat: { decay: 0.015, level: 0.12 },
    bass: { wave: 'triangle', octave: 2, level: 0.45, cutoff: 500, sustain: 0.7, release: 0.08 },
    pad: { wave: 'triangle', octave: 4, level: 0.11, cutoff: 1200, attack: 0.01, decay: 0.8, sustain: 0.35, release: 0.4 },
    arp: { wave: 'sine', octave: 5, level: 0.08, decay: 0.2, sustain: 0.1, release: 0.2 },
    melody: { wave: 'square', octave: 5, level: 0.07, cutoff: 1400, attack: 0.01, decay: 0.3, sustain: 0.4, release: 0.2, pan: -0.25 },
  },
  bass: ['0-----..0-4-----', '0-----..2-4-----', '0-----..0-4-----', '0-----..2-4-7---'],
  arp: ['................'],
  melody: {
    phraseBars: 2,
    notes: [[2, 4, 2], [4, 6, 2], [7, 4, 5], [14, 2, 2], [18, 1, 2], [20, 2, 2], [23, 4, 6]],
  },
  sections: [
    { bars: 4, layers: ['pad', 'bass', 'crackle', 'hat'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'melody', 'crackle'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'crackle'] },
  ],
};

const dramatic: TrackDefinition = {
  id: 'library-dramatic-v1',
  title: 'Point of No Return',
  genre: 'Dramatic',
  mood: 'tense',
  bpm: 100,
  root: 52,
  scale: 'minor',
  bars: 24,
  chords: [0, 0, 5, 4],
  drums: {
    kick: 'x..x..x...x..x..',
    snare: '....X.......X...',
    hat: 'x.xxx.xxx.xxx.xx',
    fill: { kick: 'x..x..x...x.x.xx', snare: '....X...x.x.XXXX', hat: 'x.xxx.xx........' },
  },
  sounds: {
    kick: { fromHz: 130, toHz: 42, decay: 0.2, level: 0.85 },
    snare: { toneHz: 160, decay: 0.14, level: 0.4 },
    hat: { decay: 0.018, level: 0.13 },
    bass: { wave: 'saw', octave: 2, level: 0.3, cutoff: 450, decay: 0.08, sustain: 0.5, release: 0.03 },
    pad: { wave: 'saw', octave: 3, level: 0.08, cutoff: 1600, attack: 0.3, sustain: 0.9, release: 0.4, detuneCents: 14 },
    arp: { wave: 'square', octave: 4, level: 0.07, cutoff: 2000, decay: 0.06, sustain: 0.3, pan: -0.3 },
    melody: { wave: 'saw', octave: 4, level: 0.13, cutoff: 3000, attack: 0.05, sustain: 0.8, release: 0.2, detuneCents: 6, pan: 0.15 },
  },
  bass: ['0000000000000000', '0000000000007777'],
  arp: ['0.2.4.2.0.2.4.2.'],
  melody: {
    phraseBars: 4,
    notes: [[0, 7, 6], [6, 6, 2], [8, 4, 8], [16, 7, 6], [22, 8, 2], [24, 9, 8], [32, 10, 8], [40, 9, 4], [44, 8, 4], [48, 7, 12], [60, 6, 4]],
  },
  sections: [
    { bars: 4, layers: ['bass', 'pad', 'hat'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp'] },
    { bars: 12, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
  ],
};

const corporate: TrackDefinition = {
  id: 'library-corporate-v1',
  title: 'Forward Together',
  genre: 'Corporate',
  mood: 'happy',
  bpm: 112,
  root: 67,
  scale: 'mixolydian',
  bars: 28,
  chords: [0, 3, 6, 3],
  drums: {
    kick: 'x.......x.x.....',
    snare: '....x.......x...',
    hat: 'xxxxxxxxxxxxxxxx',
    fill: { kick: 'x.......x.x.....', snare: '....x.......xxxx', hat: 'xxxxxxxxxxxx....' },
  },
  sounds: {
    kick: { fromHz: 140, toHz: 52, decay: 0.1, level: 0.8 },
    snare: { toneHz: 210, decay: 0.08, level: 0.38 },
    hat: { decay: 0.012, level: 0.1 },
    bass: { wave: 'square', octave: 2, level: 0.2, cutoff: 600, decay: 0.1, sustain: 0.6, release: 0.05 },
    pad: { wave: 'triangle', octave: 4, level: 0.12, attack: 0.05, sustain: 0.8, release: 0.3, detuneCents: 4 },
    arp: { wave: 'triangle', octave: 5, level: 0.11, decay: 0.12, sustain: 0.2, release: 0.1, pan: 0.4 },
    melody: { wave: 'sine', octave: 5, level: 0.22, attack: 0.01, decay: 0.2, sustain: 0.5, release: 0.15, pan: -0.15 },
  },
  bass: ['0.....0.0...4...'],
  arp: ['0.4.7.4.0.4.7.4.', '7.4.0.4.7.4.0.4.'],
  melody: {
    phraseBars: 4,
    notes: [[0, 0, 2], [2, 2, 2], [4, 4, 4], [8, 3, 2], [10, 2, 6], [16, 3, 2], [18, 5, 2], [20, 7, 4], [24, 6, 8], [32, 6, 2], [34, 5, 2], [36, 4, 4], [40, 3, 4], [44, 4, 4], [48, 2, 4], [52, 1, 4], [56, 0, 8]],
  },
  sections: [
    { bars: 4, layers: ['arp', 'pad', 'hat'] },
    { bars: 8, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
    { bars: 4, layers: ['kick', 'hat', 'bass', 'arp'] },
    { bars: 12, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] },
  ],
};

export const LIBRARY_TRACKS: readonly TrackDefinition[] = [upbeat, chill, cinematic, loFi, dramatic, corporate];
