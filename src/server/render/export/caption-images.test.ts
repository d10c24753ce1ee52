import { describe, expect, it } from 'vitest';
import { type CaptionStyle, type CaptionTrack, DEFAULT_CAPTION_STYLE } from '../../../shared/captions/caption-track.ts';
import { newCaptionTrack } from '../../../shared/captions/caption-edits.ts';
import { placedVoiceWords, retimedCaptions } from '../../../shared/captions/voice-captions.ts';
import { type EditorState, type VoiceClip, defaultEditorState } from '../../../shared/editor/editor-state.ts';
import type { TextDrawingContext } from '../../../shared/editor/text/text-context.ts';
import { decodeEditorDocument, encodeEditorDocument } from '../../projects/editor-document/editor-document.ts';
import { createCanvas } from '@napi-rs/canvas';
import type { MediaProbe } from '../probe-media.ts';
import { buildExportCommand } from './export-filter-graph.ts';
import { planTextImages } from './overlay-images.ts';

const FRAME = { width: 720, height: 1280 };
const words = (texts: string[], start: number, step: number) => texts.map((text, index) => ({ text, start: start + index * step, end: start + (index + 0.9) * step, emphasis: false }));

/** Two lines: "one two" from 1 s, "three" from 3 s, a gap between them. */
const track = (style: Partial<CaptionStyle> = {}): CaptionTrack => ({
  lines: [
    { id: 'a', words: words(['one', 'two'], 1, 0.5) },
    { id: 'b', words: words(['three'], 3, 0.5) },
  ],
  style: { ...DEFAULT_CAPTION_STYLE, ...style },
  voice: null,
});

const plan = (captions: CaptionTrack, options: { captions?: boolean; watermark?: boolean } = {}) =>
  planTextImages({ ...defaultEditorState('clip', 5), captions }, {
    frame: FRAME, timing: { fps: 30, trimStart: 0 }, duration: 5, watermark: options.watermark ?? false, captions: options.captions ?? true, workDir: '/tmp/job',
  });

describe('the captions’ pictures', () => {
  it('draws a picture at each change only: a word spoken, the line gone, the next line', () => {
    const [image] = plan(track());
    expect(image?.file).toBe('/tmp/job/captions-%04d.png');
    expect(image?.from).toBe(1);
    expect(image?.to).toBeCloseTo(3.85, 6);
    // one (1 s), two (1.5 s), nothing (from 2.4 s, the first frame at or after it), three (3 s).
    // one (1 s), two (1.5 s), nothing (the first leaves 0.4 s after its last word, at 2.35 s: frame 71), three (3 s).
    expect(image?.pictures.map((picture) => Math.round(picture.drawnFor * 30))).toEqual([30, 45, 71, 90]);
    expect(image?.pictures[0]?.shownFrom).toBe(1);
    expect(image?.pictures[1]?.shownFrom).toBeCloseTo(1.5 - 1 / 60, 6);
    // Within the frame, below the centre where the style puts it.
    expect(image!.box.top).toBeGreaterThan(FRAME.height / 2);
    expect(image!.box.left + image!.box.width).toBeLessThanOrEqual(FRAME.width);
  });

  it('draws a pop word’s scale-in frame by frame, and the plain look once a line', () => {
    const pop = plan(track({ look: 'pop' }))[0]!;
    // Each word scales in over 0.12 s: four frames at 30 fps, then still.
    expect(pop.pictures.filter((picture) => picture.drawnFor >= 1 && picture.drawnFor < 1.5)).toHaveLength(5);
    const plain = plan(track({ look: 'plain' }))[0]!;
    expect(plain.pictures).toHaveLength(3);
  });

  it('are left out when the export says none, and lie under the watermark', () => {
    expect(plan(track(), { captions: false })).toEqual([]);
    const images = plan(track(), { watermark: true });
    expect(images.map((image) => image.file)).toEqual(['/tmp/job/captions-%04d.png', '/tmp/job/watermark-%04d.png']);
  });

  it('stamps a long edit’s many pictures with a flat sum (ffmpeg nests expressions at most 100 deep)', () => {
    const many: CaptionTrack = { lines: Array.from({ length: 60 }, (_, index) => ({ id: `l${index}`, words: words(['word'], 0.5 + index, 0.5) })), style: DEFAULT_CAPTION_STYLE, voice: null };
    const probe: MediaProbe = {
      durationSeconds: 62, videoDurationSeconds: 62, width: 720, height: 1280, videoCodec: 'h264', pixelFormat: 'yuv420p', frameRate: 30, nominalFrameRate: 30,
      audioCodec: 'aac', formatName: 'mov,mp4,m4a,3gp,3g2,mj2', sizeBytes: 1_000_000,
    };
    const state: EditorState = { ...defaultEditorState('clip', 62), captions: many };
    const command = buildExportCommand(
      { sources: new Map([['clip', { file: '/data/in.mp4', probe }]]), outputFile: '/data/out.mp4', workDir: '/tmp/job' },
      state,
      { resolution: '720p', format: 'mp4', quality: 'low', watermark: false },
    );
    const setpts = command.filterGraph.split('\n').find((line) => line.startsWith('[1:v]settb=AVTB,setpts'));
    // A word, then nothing from 0.4 s after it (from half a frame before the frame it was drawn for), and so on.
    expect(setpts).toContain(String.raw`between(N\,0\,0)*(0.5)+between(N\,1\,1)*(1.35)+between(N\,2\,2)*(1.483333)`);
    expect(setpts).not.toContain('if(');
    expect(command.images[0]?.pictures).toHaveLength(119);
  });

  it('plans in work proportional to the changes, not to the output’s frames (issue 42: a long output froze the server)', () => {
    // Every read of a word's time is counted: the plan's work. The same 300 one-word lines, 0.1 s apart (three
    // frames) and 10 s apart (300 frames): a plan that walked every frame against every line read about 100
    // times as much for the long one.
    const reads = (spacing: number) => {
      let count = 0;
      const lines = Array.from({ length: 300 }, (_, index) => {
        const start = 1 + index * spacing;
        const word = { text: 'word', emphasis: false, end: start + 0.05 };
        Object.defineProperty(word, 'start', { enumerable: true, get: () => (count++, start) });
        return { id: `l${index}`, words: [word as CaptionTrack['lines'][number]['words'][number]] };
      });
      const duration = 2 + 300 * spacing;
      const [image] = planTextImages({ ...defaultEditorState('clip', duration), captions: { lines, style: DEFAULT_CAPTION_STYLE, voice: null } }, {
        frame: FRAME, timing: { fps: 30, trimStart: 0 }, duration, watermark: false, captions: true, workDir: '/tmp/job',
      });
      return { count, pictures: image?.pictures.length };
    };
    const short = reads(0.1);
    const long = reads(10);
    // Short: each word until the next starts; long: each word, then nothing from 0.4 s after it (the last ends the captions).
    expect(short.pictures).toBe(300);
    expect(long.pictures).toBe(599);
    expect(long.count).toBeLessThan(3 * short.count);
  });
});

/** Every word the export's caption pictures draw, in upper case as the default style shows them. */
function burnedWords(state: EditorState, duration: number): string[] {
  const images = planTextImages(state, { frame: FRAME, timing: { fps: 30, trimStart: 0 }, duration, watermark: false, captions: true, workDir: '/tmp/job' });
  const drawn = new Set<string>();
  const ctx = createCanvas(FRAME.width, FRAME.height).getContext('2d');
  const recording = new Proxy(ctx, {
    get(target, key) {
      if (key === 'fillText') return (text: string, x: number, y: number) => drawn.add(text) && target.fillText(text, x, y);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value),
  }) as unknown as TextDrawingContext;
  for (const image of images) for (const picture of image.pictures) image.draw(recording, picture.drawnFor);
  return [...drawn];
}

describe('the burned captions of a voice-over', () => {
  const recording = (text: string) => text.split(' ').map((word, index) => ({ text: word, start: 0.1 + index * 0.5, end: 0.5 + index * 0.5 }));
  const first = recording('Welcome back creators today');
  const second = recording('Hello again friends tonight');
  const clip: VoiceClip = { id: 'v1', lane: 'voice', source: { mediaId: 'voice-a' }, start: 0, end: 2, sourceIn: 0, sourceOut: 2, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false };
  let line = 0;
  const ids = () => `l${String((line += 1))}`;
  /** The document as the editor saves it, read back as the export reads it. */
  const saved = (state: EditorState): EditorState => {
    const decoded = decodeEditorDocument(JSON.parse(encodeEditorDocument(state)), { projectId: 'clip' });
    if (!decoded.ok) throw new Error(decoded.reason);
    return decoded.state;
  };
  const made: EditorState = {
    ...defaultEditorState('clip', 4),
    audioClips: [clip],
    captions: newCaptionTrack(placedVoiceWords(first, clip), ids, DEFAULT_CAPTION_STYLE, { clipId: 'v1', mediaId: 'voice-a' }),
  };

  it('are the new recording’s words after the voice-over is regenerated', () => {
    const regenerated: VoiceClip = { ...clip, source: { mediaId: 'voice-b' } };
    const state = saved({
      ...made,
      audioClips: [regenerated],
      captions: retimedCaptions(made.captions!, placedVoiceWords(second, regenerated), placedVoiceWords(first, clip), { clipId: 'v1', mediaId: 'voice-b' }, ids),
    });
    expect(burnedWords(state, 4).sort()).toEqual(['AGAIN', 'FRIENDS', 'HELLO', 'TONIGHT']);
  });

  it('leave out the words the voice-over’s trim cuts off, and burn them again when it is dragged back', () => {
    expect(burnedWords(saved(made), 4).sort()).toEqual(['BACK', 'CREATORS', 'TODAY', 'WELCOME']);
    const trimmed = saved({ ...made, audioClips: [{ ...clip, end: 1.2, sourceOut: 1.2 }] });
    expect(burnedWords(trimmed, 4).sort()).toEqual(['BACK', 'WELCOME']);
    expect(trimmed.captions).toEqual(made.captions);
  });
});
