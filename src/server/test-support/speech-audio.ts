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
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(unknownLength ? 0xffffffff : 36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(unknownLength ? 0xffffffff : pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
