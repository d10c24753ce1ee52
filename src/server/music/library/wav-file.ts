import { SAMPLE_RATE, type StereoBus } from './synth-voices.ts';

/** A 16-bit stereo PCM WAV file of the bus, with TPDF dither so quiet tails do not turn into grit. */
export function encodeWav(bus: StereoBus): Buffer {
  const frames = bus.left.length;
  const dataBytes = frames * 4;
  const file = Buffer.alloc(44 + dataBytes);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(2, 22);
  file.writeUInt32LE(SAMPLE_RATE, 24);
  file.writeUInt32LE(SAMPLE_RATE * 4, 28);
  file.writeUInt16LE(4, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(dataBytes, 40);
  let seed = 22_222;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 4_294_967_296;
  };
  for (let i = 0; i < frames; i++) {
    for (let channel = 0; channel < 2; channel++) {
      const value = (channel === 0 ? bus.left : bus.right)[i]! * 32_767 + random() - random();
      file.writeInt16LE(Math.max(-32_768, Math.min(32_767, Math.round(value))), 44 + i * 4 + channel * 2);
    }
  }
  return file;
}
