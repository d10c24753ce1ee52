import type { ServerResponse } from 'node:http';
import type { GoogleHttpError } from './fake-http.ts';

/**
 * What the fakes of Google's long-running video APIs (Veo on the Gemini API and on Vertex AI, Gemini Omni
 * Flash's interactions) share: the settings that jobs started from now on take, retired models, the
 * recorded requests by kind, and polls that can be held unanswered.
 */

/** The settings a new job (operation or interaction) takes when it is started; pendingPolls defaults to 1. */
export function jobSettings<Outcome>(options: { pendingPolls?: number; outcome?: Outcome }, defaultOutcome: Outcome) {
  const state = {
    pendingPolls: options.pendingPolls ?? 1,
    outcome: options.outcome ?? defaultOutcome,
    retired: new Set<string>(),
    /** The HTTP error every start (create) request is answered with, while set. */
    startError: undefined as GoogleHttpError | undefined,
  };
  return {
    state,
    /** Answer every start with this HTTP error (e.g. 429, 403), or undefined to stop. */
    setStartError(error: GoogleHttpError | undefined) {
      state.startError = error;
    },
    /** The test's handles on `state`, spread into a fake's return value. */
    controls: {
      /** Outcome of jobs started from now on. */
      setOutcome(next: Outcome) {
        state.outcome = next;
      },
      /** Pending polls of jobs started from now on. */
      setPendingPolls(count: number) {
        state.pendingPolls = count;
      },
      /**
       * Google shuts the model down: from now on its starts, models.get and polls of its running jobs answer
       * 404 NOT_FOUND.
       */
      retireModel(model: string) {
        state.retired.add(model);
      },
    },
  };
}

/** A download of a generated file (`GET /v1beta/files/{id}:download?alt=media` on the Gemini API). */
export interface RecordedDownload {
  kind: 'download';
  apiKey: string | undefined;
  fileId: string;
}

/** `ofKind('poll')` is a function listing the recorded requests of that kind, typed as that kind. */
export function recordsOfKind<R extends { kind: string }>(requests: R[]) {
  return <K extends R['kind']>(kind: K) =>
    () =>
      requests.filter((r): r is Extract<R, { kind: K }> => r.kind === kind);
}

/** Polls that a test can wait for, or hold unanswered as from a provider that hangs. */
export function pollGate(pollCount: () => number) {
  const waiters: Array<() => void> = [];
  let holding = false;
  let abandoned = 0;
  return {
    /** Call once a poll is recorded; true when it is held (left open, unanswered, until its client closes it). */
    held(res: ServerResponse): boolean {
      waiters.splice(0).forEach((wake) => wake());
      if (!holding) return false;
      res.once('close', () => {
        abandoned += 1;
      });
      return true;
    },
    controls: {
      /** Polls from now on get no answer: each stays open until its client closes it. */
      holdPolls() {
        holding = true;
      },
      /** Held polls whose client closed the connection (gave up on the answer). */
      abandonedPolls: () => abandoned,
      /** Resolves once `count` polls have arrived. */
      async waitForPolls(count: number, timeoutMs = 30_000): Promise<void> {
        const deadline = Date.now() + timeoutMs;
        while (pollCount() < count) {
          if (Date.now() > deadline) throw new Error(`expected ${count} polls`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 50);
          });
        }
      },
    },
  };
}
