import { masterBus } from './master-bus.ts';
import { SAMPLE_RATE, type StereoBus, Noise, addCrackle, addHat, addKick, addSnare, addTone } from './synth-voices.ts';
import { type Layer, type TrackDefinition, type VoiceSound, degreeFrequency } from './track-definition.ts';

const STEPS_PER_BAR = 16;
/** Room after the loop point for the last notes' release; it is folded back onto the start. */
const TAIL_SECONDS = 4;
export const TARGET_LUFS = -14;
/** Sample peaks at −3 dBFS leave room for inter-sample peaks and the AAC encoder's overshoot under −1 dBTP. */
const CEILING_DBFS = -3;

/** AAC codes 1024 samples a frame; a loop of whole frames decodes to exactly itself, with no padding at its end. */
export const AAC_FRAME = 1024;

/**
 * Samples in one loop of the track: its bars at its tempo, rounded to whole AAC frames. The tempo moves by
 * under 0.03 % (half a frame, ~11 ms, over at least 30 s) and the loop point stays on the bar line.
 */
export function loopLengthOf(definition: Pick<TrackDefinition, 'bars' | 'bpm'>): number {
  return Math.round(((definition.bars * 4 * 60) / definition.bpm) * SAMPLE_RATE / AAC_FRAME) * AAC_FRAME;
}

function sectionLayersAt(definition: TrackDefinition, bar: number): readonly Layer[] {
  let first = 0;
  for (const section of definition.sections) {
    if (bar < first + section.bars) return section.layers;
    first += section.bars;
  }
  return [];
}

function chordRootAt(definition: TrackDefinition, bar: number): number {
  return definition.chords[bar % definition.chords.length]!;
}

/** Plays a pattern of steps (see StepBar) over one bar, each note a chord tone above `chordRoot`. */
function addStepBar(bus: StereoBus, definition: TrackDefinition, pattern: string, sound: VoiceSound, chordRoot: number, stepStart: (step: number) => number): void {
  for (let step = 0; step < STEPS_PER_BAR; step++) {
    const char = pattern[step] ?? '.';
    if (!/\d/.test(char)) continue;
    let steps = 1;
    while (pattern[step + steps] === '-') steps++;
    addVoiceNote(bus, sound, degreeFrequency(definition, chordRoot + Number(char), sound.octave), stepStart(step), stepStart(step + steps) - stepStart(step));
  }
}

/** `held` is the share of the note's length the key stays down: 0.9 detaches notes, 1 joins them (pads). */
function addVoiceNote(bus: StereoBus, sound: VoiceSound, frequency: number, start: number, gate: number, held = 0.9): void {
  addTone(bus, {
    wave: sound.wave,
    frequency,
    start,
    gate: Math.max(1, gate * held),
    level: sound.level,
    attack: sound.attack ?? 0.005,
    decay: sound.decay ?? 0.1,
    sustain: sound.sustain ?? 0.7,
    release: sound.release ?? 0.08,
    pan: sound.pan ?? 0,
    cutoff: sound.cutoff,
    detuneCents: sound.detuneCents,
  });
}

function addDrumBar(bus: StereoBus, definition: TrackDefinition, bar: number, layers: readonly Layer[], stepStart: (step: number) => number, noise: Noise): void {
  const { kick, snare, hat } = bar === definition.bars - 1 ? definition.drums.fill : definition.drums;
  const { sounds } = definition;
  for (let step = 0; step < STEPS_PER_BAR; step++) {
    const accent = (char: string | undefined) => (char === 'X' ? 1.25 : 1);
    if (layers.includes('kick') && kick[step] !== '.') addKick(bus, stepStart(step), { ...sounds.kick, level: sounds.kick.level * accent(kick[step]) });
    if (layers.includes('snare') && snare[step] !== '.') addSnare(bus, stepStart(step), { ...sounds.snare, level: sounds.snare.level * accent(snare[step]) }, noise);
    if (layers.includes('hat') && hat[step] !== '.') addHat(bus, stepStart(step), { ...sounds.hat, level: sounds.hat.level * accent(hat[step]) }, hat[step] === 'o', noise);
  }
}

/**
 * Renders a track definition to 48 kHz stereo float PCM exactly one loop long, mastered to −14 LUFS.
 * Notes still sounding at the loop point ring on into a tail that is then mixed back onto the start,
 * so playing the result in a loop sounds as if the track had been played twice in a row.
 */
export function renderTrack(definition: TrackDefinition): StereoBus {
  const loopLength = loopLengthOf(definition);
  const tail = TAIL_SECONDS * SAMPLE_RATE;
  const bus: StereoBus = { left: new Float32Array(loopLength + tail), right: new Float32Array(loopLength + tail) };
  const noise = new Noise(definition.id.split('').reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7));
  const stepSamples = loopLength / (definition.bars * STEPS_PER_BAR);
  const swing = definition.swing ?? 0;
  const { sounds } = definition;

  for (let bar = 0; bar < definition.bars; bar++) {
    const layers = sectionLayersAt(definition, bar);
    const barStep = bar * STEPS_PER_BAR;
    const stepStart = (step: number) => Math.round((barStep + step + (step % 2 === 1 ? swing : 0)) * stepSamples);
    const chordRoot = chordRootAt(definition, bar);
    addDrumBar(bus, definition, bar, layers, stepStart, noise);
    if (layers.includes('bass')) addStepBar(bus, definition, definition.bass[bar % definition.bass.length]!, sounds.bass, chordRoot, stepStart);
    if (layers.includes('arp')) addStepBar(bus, definition, definition.arp[bar % definition.arp.length]!, sounds.arp, chordRoot, stepStart);
    if (layers.includes('pad')) {
      const tones = definition.sevenths ? [0, 2, 4, 6] : [0, 2, 4];
      for (const tone of tones) addVoiceNote(bus, sounds.pad, degreeFrequency(definition, chordRoot + tone, sounds.pad.octave), stepStart(0), stepStart(STEPS_PER_BAR) - stepStart(0), 1);
    }
    if (layers.includes('melody')) {
      const phraseStep = (bar % definition.melody.phraseBars) * STEPS_PER_BAR;
      for (const [step, degree, steps] of definition.melody.notes) {
        if (step < phraseStep || step >= phraseStep + STEPS_PER_BAR) continue;
        const start = stepStart(step - phraseStep);
        addVoiceNote(bus, sounds.melody, degreeFrequency(definition, degree, sounds.melody.octave), start, Math.round(steps * stepSamples));
      }
    }
    if (layers.includes('crackle')) addCrackle(bus, stepStart(0), stepStart(STEPS_PER_BAR) - stepStart(0), 0.02, noise);
  }

  for (let i = loopLength; i < loopLength + tail; i++) {
    bus.left[i - loopLength]! += bus.left[i]!;
    bus.right[i - loopLength]! += bus.right[i]!;
  }
  const loop: StereoBus = { left: bus.left.subarray(0, loopLength), right: bus.right.subarray(0, loopLength) };
  masterBus(loop, TARGET_LUFS, CEILING_DBFS);
  return loop;
}
