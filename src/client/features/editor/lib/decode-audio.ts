/** Decoded audio by URL: the waveforms and the music preview share one fetch and one decode per file. */
const decoded = new Map<string, Promise<AudioBuffer>>();

/** At most this many decoded files are kept (a long clip decodes to tens of megabytes). */
const KEPT = 4;

/**
 * Fetches and decodes a file's sound (a music track, or a clip's audio track). Decoding needs no user
 * gesture in an OfflineAudioContext, and an AudioBuffer plays in any context. Fails for a file without sound.
 */
export function decodeAudio(url: string): Promise<AudioBuffer> {
  const cached = decoded.get(url);
  if (cached) return cached;
  const decoding = (async () => {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Could not load the audio (${response.status})`);
    const bytes = await response.arrayBuffer();
    return new OfflineAudioContext(2, 1, 48_000).decodeAudioData(bytes);
  })();
  decoding.catch(() => decoded.delete(url));
  decoded.set(url, decoding);
  while (decoded.size > KEPT) {
    const oldest = decoded.keys().next().value;
    if (oldest === undefined) break;
    decoded.delete(oldest);
  }
  return decoding;
}
