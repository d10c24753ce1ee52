import { describe, expect, it } from 'vitest';
import { SequenceClock } from './sequence-clock';

/** A time source the test moves by hand. */
function manualTime() {
  let now = 100;
  return { source: () => now, advance: (seconds: number) => (now += seconds) };
}

function recorder(clock: SequenceClock) {
  const events: string[] = [];
  for (const name of ['play', 'pause', 'seeking', 'seeked', 'timeupdate', 'ratechange', 'ended']) {
    clock.addEventListener(name, () => events.push(name));
  }
  return events;
}

describe('the editor’s playback clock', () => {
  it('runs on its time source while playing, at its rate, and holds while paused', () => {
    const time = manualTime();
    const clock = new SequenceClock(10, time.source);
    clock.play();
    time.advance(2);
    expect(clock.currentTime).toBeCloseTo(2);
    clock.setPlaybackRate(2);
    time.advance(1);
    expect(clock.currentTime).toBeCloseTo(4);
    clock.pause();
    time.advance(5);
    expect(clock.currentTime).toBeCloseTo(4);
    expect(clock.paused).toBe(true);
  });

  it('stops at the end with the events a video sends, and plays again from the start', () => {
    const time = manualTime();
    const clock = new SequenceClock(3, time.source);
    const events = recorder(clock);
    clock.play();
    time.advance(5);
    expect(clock.currentTime).toBe(3);
    clock.tick();
    expect(events).toEqual(['play', 'timeupdate', 'pause', 'ended']);
    expect(clock.paused).toBe(true);
    clock.play();
    expect(clock.currentTime).toBe(0);
  });

  it('seeks within the output, and keeps the playhead inside a shorter output after an edit', () => {
    const clock = new SequenceClock(10, manualTime().source);
    const events = recorder(clock);
    clock.seek(12);
    expect(clock.currentTime).toBe(10);
    clock.seek(-1);
    expect(clock.currentTime).toBe(0);
    expect(events.slice(0, 3)).toEqual(['seeking', 'seeked', 'timeupdate']);
    clock.seek(8);
    clock.setDuration(5);
    expect(clock.currentTime).toBe(5);
  });

  it('changes time source without a jump in output time', () => {
    const page = manualTime();
    let audio = 3;
    const clock = new SequenceClock(10, page.source);
    clock.play();
    page.advance(1.5);
    clock.follow(() => audio);
    expect(clock.currentTime).toBeCloseTo(1.5);
    audio += 0.5;
    page.advance(9);
    expect(clock.currentTime).toBeCloseTo(2);
  });
});
