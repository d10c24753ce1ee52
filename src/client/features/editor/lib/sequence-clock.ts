/**
 * The editor's playback clock over the output timeline (issue 26): what time of the sequence shows, whether it
 * plays, and how fast. The shots' <video> elements, the overlay canvas, the timeline and the music follow it;
 * it follows a time source — the page's clock, or the audio context's while sound plays, so picture and sound
 * never drift apart. It speaks the events a media element does (play, pause, seeking, seeked, timeupdate,
 * ratechange, ended), so a reader written against a <video> reads it the same way.
 */

/** Seconds on a clock that only goes forward: `performance.now() / 1000`, or an AudioContext's currentTime. */
export type TimeSource = () => number;

export const pageTime: TimeSource = () => performance.now() / 1000;

export class SequenceClock extends EventTarget {
  private anchorOutput = 0;
  private anchorSource = 0;
  private running = false;
  private rate = 1;

  constructor(
    private length: number,
    private source: TimeSource = pageTime,
  ) {
    super();
  }

  /** Output seconds, within [0, duration]. */
  get currentTime(): number {
    if (!this.running) return this.anchorOutput;
    return Math.min(this.length, this.anchorOutput + (this.source() - this.anchorSource) * this.rate);
  }

  get duration(): number {
    return this.length;
  }

  get paused(): boolean {
    return !this.running;
  }

  get playbackRate(): number {
    return this.rate;
  }

  /** Plays from the playhead; from the start when it is at the end. */
  play(): void {
    if (this.running || this.length <= 0) return;
    if (this.anchorOutput >= this.length) this.anchorOutput = 0;
    this.anchorSource = this.source();
    this.running = true;
    this.emit('play');
  }

  pause(): void {
    if (!this.running) return;
    this.hold(this.currentTime);
    this.emit('pause');
  }

  seek(time: number): void {
    this.emit('seeking');
    this.anchorOutput = Math.min(this.length, Math.max(0, Number.isFinite(time) ? time : 0));
    this.anchorSource = this.source();
    this.emit('seeked');
    this.emit('timeupdate');
  }

  setPlaybackRate(rate: number): void {
    if (!(rate > 0) || rate === this.rate) return;
    this.anchorOutput = this.currentTime;
    this.anchorSource = this.source();
    this.rate = rate;
    this.emit('ratechange');
  }

  /** A new output length (an edit); the playhead stays, inside it. */
  setDuration(length: number): void {
    this.length = Math.max(0, length);
    if (this.currentTime > this.length) this.seek(this.length);
  }

  /**
   * Follows another time source from now on (the audio context when sound starts, the page when it stops),
   * without a jump in the output time.
   */
  follow(source: TimeSource): void {
    this.anchorOutput = this.currentTime;
    this.source = source;
    this.anchorSource = source();
  }

  /** Called every animation frame while playing: says the time moved, and stops at the end. */
  tick(): void {
    if (!this.running) return;
    if (this.currentTime >= this.length) {
      this.hold(this.length);
      this.emit('timeupdate');
      this.emit('pause');
      this.emit('ended');
      return;
    }
    this.emit('timeupdate');
  }

  private hold(time: number): void {
    this.anchorOutput = time;
    this.anchorSource = this.source();
    this.running = false;
  }

  private emit(name: string): void {
    this.dispatchEvent(new Event(name));
  }
}
