import { expect } from 'vitest';
import { scriptWords } from '../../shared/speech/timed-word.ts';
import { SpeechError, type SpeechAligner } from '../providers/speech/speech.ts';

/**
 * For the keyed adapters' tests: an aligner that spaces the script's words evenly over 0.5 s (the adapter is
 * what is tested, not alignment), recording what it was asked, and a check on a failure's SpeechError.
 */
export function evenAligner(): SpeechAligner & { calls: Array<{ audioFile: string; text: string }> } {
  const calls: Array<{ audioFile: string; text: string }> = [];
  return {
    engine: 'festival',
    calls,
    align({ audioFile, text }) {
      calls.push({ audioFile, text });
      const words = scriptWords(text);
      const step = 0.5 / words.length;
      return Promise.resolve(words.map((word, index) => ({ text: word, start: index * step, end: (index + 1) * step })));
    },
  };
}

/** Runs `run`, expects a SpeechError with `status`, and that its message quotes nothing of the provider's answer. */
export async function speechFailure(run: () => Promise<unknown>, status: number, forbidden: readonly string[] = []): Promise<SpeechError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechError);
  const failure = error as SpeechError;
  expect(failure.status).toBe(status);
  expect(failure.message).not.toMatch(/[{}"]error"?|RESOURCE_EXHAUSTED|INTERNAL|NOT_FOUND|invalid_request_error/);
  for (const text of forbidden) expect(failure.message).not.toContain(text);
  return failure;
}
