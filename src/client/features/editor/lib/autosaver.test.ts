import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaver } from './autosaver';

interface Call {
  value: string;
  resolve: () => void;
  reject: () => void;
}

let calls: Call[];
let leaves: string[];

function makeSaver() {
  return createAutosaver<string>({
    save: (value) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject: () => reject(new Error('offline')) });
      }),
    saveOnLeave: (value) => leaves.push(value),
    delayMs: 800,
    retryDelaysMs: [1000, 5000],
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  leaves = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('saves the last of a burst of changes once, 800 ms after the last', async () => {
    const saver = makeSaver();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(500);
    saver.change('b');
    expect(saver.getStatus()).toBe('saving');
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.value)).toEqual(['b']);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getStatus()).toBe('saved');
  });

  it('sends one request at a time: a change during a save goes out after it', async () => {
    const saver = makeSaver();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(800);
    saver.change('b');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((call) => call.value)).toEqual(['a']);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['a', 'b']);
    expect(saver.getStatus()).toBe('saving');
  });

  it('reports a failure and retries with the latest value, also on demand', async () => {
    const saver = makeSaver();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]?.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getStatus()).toBe('error');
    saver.change('b');
    expect(saver.getStatus()).toBe('error');
    await vi.advanceTimersByTimeAsync(800);
    expect(calls.map((call) => call.value)).toEqual(['a', 'b']);
    calls[1]?.reject();
    await vi.advanceTimersByTimeAsync(0);
    saver.retryNow();
    expect(calls.map((call) => call.value)).toEqual(['a', 'b', 'b']);
    calls[2]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getStatus()).toBe('saved');
  });

  it('on leaving, sends what is unsaved with the leave channel, and nothing when all is saved', async () => {
    const saver = makeSaver();
    saver.flush();
    expect(leaves).toEqual([]);
    saver.change('a');
    saver.flush();
    expect(leaves).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);

    saver.change('b');
    await vi.advanceTimersByTimeAsync(800);
    saver.flush();
    expect(leaves).toEqual(['a', 'b']);
  });

  it('never retries an older value after a newer one went out on leaving', async () => {
    const saver = makeSaver();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(800);
    saver.change('b');
    saver.flush();
    expect(leaves).toEqual(['b']);
    calls[0]?.reject();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((call) => call.value)).toEqual(['a']);
  });
});
