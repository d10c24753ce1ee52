/** WAV (RIFF, 16-bit PCM) written and read here: the keyed speech engines, the music library and the tests need no audio library. */

export interface PcmAudio {
  /** Little-endian signed 16-bit samples, channels interleaved. */
  samples: Buffer;
  sampleRate: number;
  channels: number;
}

const HEADER_BYTES = 44;

/** A canonical 44-byte-header WAV around 16-bit PCM. */
export function pcmToWav({ samples, sampleRate, channels }: PcmAudio): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

export function isWav(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';
}

/**
 * The 16-bit PCM inside a WAV, or undefined when it is not one. A data chunk whose size runs past the end
 * (0xFFFFFFFF or 0 from a server that streamed the header before it knew the length) takes the rest.
 */
export function readWav(bytes: Buffer): PcmAudio | undefined {
  if (!isWav(bytes)) return undefined;
  let format: { sampleRate: number; channels: number; bits: number; code: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      format = {
        code: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format || format.bits !== 16 || (format.code !== 1 && format.code !== 0xfffe)) return undefined;
      if (format.channels < 1 || format.sampleRate < 1) return undefined;
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      const frame = format.channels * 2;
      const usable = end - body - ((end - body) % frame);
      return { samples: bytes.subarray(body, body + usable), sampleRate: format.sampleRate, channels: format.channels };
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

export function pcmDurationSeconds({ samples, sampleRate, channels }: PcmAudio): number {
  return samples.length / (sampleRate * channels * 2);
}
