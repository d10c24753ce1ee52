import { useEffect, useState } from 'react';
import { decodeAudio } from '../lib/decode-audio';

export type DecodedAudioState = { status: 'idle' | 'loading' } | { status: 'ready'; audio: AudioBuffer } | { status: 'error'; message: string };

/** A file's decoded sound (shared with every other user of the same URL); idle without a URL. */
export function useDecodedAudio(url: string | undefined): DecodedAudioState {
  const [state, setState] = useState<{ url: string; result: DecodedAudioState } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    decodeAudio(url).then(
      (audio) => {
        if (current) setState({ url, result: { status: 'ready', audio } });
      },
      (error: unknown) => {
        if (current) setState({ url, result: { status: 'error', message: error instanceof Error ? error.message : 'The audio could not be read' } });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!url) return { status: 'idle' };
  return state?.url === url ? state.result : { status: 'loading' };
}
