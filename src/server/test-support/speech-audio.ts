import { pcmToWav } from '../render/wav.ts';

/** Short real audio for the speech fakes and tests: 16-bit mono PCM tone bursts, raw or as a WAV. */

/** `seconds` of 220 Hz tone bursts (150 ms on, 100 ms off) at `sampleRate`, little-endian 16-bit mono. */
export function toneBurstsPcm(seconds = 0.6, sampleRate = 24_000): Buffer {
  const count = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    const t = i / sampleRate;
    const on = t % 0.25 < 0.15;
    pcm.writeInt16LE(on ? Math.round(8000 * Math.sin(2 * Math.PI * 220 * t)) : 0, i * 2);
  }
  return pcm;
}

/** A WAV around 16-bit mono PCM; `unknownLength` writes 0xFFFFFFFF sizes, as a server that streams the header does. */
export function wavFile(pcm: Buffer, sampleRate = 24_000, { unknownLength = false } = {}): Buffer {
  const file = pcmToWav({ samples: pcm, sampleRate, channels: 1 });
  if (unknownLength) {
    file.writeUInt32LE(0xffffffff, 4);
    file.writeUInt32LE(0xffffffff, 40);
  }
  return file;
}
