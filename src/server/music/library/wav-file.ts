import { pcmToWav } from '../../render/wav.ts';
import { SAMPLE_RATE, type StereoBus } from './synth-voices.ts';

/** A 16-bit stereo PCM WAV file of the bus, with TPDF dither so quiet tails do not turn into grit. */
export function encodeWav(bus: StereoBus): Buffer {
  const frames = bus.left.length;
  const dataBytes = frames * 4;
  const samples = Buffer.alloc(dataBytes);
  let seed = 22_222;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 4_294_967_296;
  };
  for (let i = 0; i < frames; i++) {
    for (let channel = 0; channel < 2; channel++) {
      const value = (channel === 0 ? bus.left : bus.right)[i]! * 32_767 + random() - random();
      samples.writeInt16LE(Math.max(-32_768, Math.min(32_767, Math.round(value))), i * 4 + channel * 2);
    }
  }
  return pcmToWav({ samples, sampleRate: SAMPLE_RATE, channels: 2 });
}
