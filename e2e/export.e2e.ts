import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type EditorState, type TextAnimation, type TextOverlay, defaultEditorState, outputDuration } from '../src/shared/editor/editor-state.ts';
import { WATERMARK_STYLE } from '../src/shared/editor/looks.ts';
import { axeViolations, expectAccessible } from './support/axe.ts';
import { artifactsDir, connectBrowser, keepScreenshot, newPage } from './support/browser.ts';
import { openEditor, showFrameAt, textOverlays } from './support/editor-page.ts';
import {
  type Region,
  type RgbImage,
  blockDiffs,
  changedBox,
  decodePng,
  extractFrames,
  ffprobe,
  makeTexturedClip,
  meanAbsDiff,
  meanSignedDiff,
  rowBands,
  topLevelBoxes,
  writeDiffImage,
  writePng,
} from './support/media.ts';
import {
  awaitExport,
  copyMasterVideo,
  createReadyProject,
  downloadProjectVideo,
  exportThroughApi,
  getProject,
  saveEditorState,
  setUser,
  signUp,
  startExport,
  uploadReadyProject,
} from './support/studio.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const parityDir = path.join(artifactsDir, 'parity');

/** Both clips are 24 fps: every time compared and TRIM_START fall on frames, so the player and ffmpeg show the same one. */
const TRIM_START = 0.5;
/** The moment compared unless a case says otherwise, in output seconds (editor time 1 s). */
const AT = 0.5;
const FPS = 24;

/**
 * At 1440x969, with no text lanes in the timeline, the player frame is exactly 396x704 (9:16, whole
 * pixels) at whole-pixel coordinates, so an element screenshot holds the frame and nothing else, with
 * no half-pixel resampling. Each text lane takes its height from the player: fitPlayerFrame grows the
 * viewport by as much.
 */
const PARITY_VIEWPORT = { width: 1440, height: 969 };
const PLAYER_FRAME = { width: 396, height: 704 };
const PARITY_SETTINGS = { resolution: '720p', format: 'mp4', quality: 'high' } as const;

/**
 * Mean absolute difference per channel (0-255) that every preview/export pair must stay under.
 *
 * Why 6. A faithful export still differs from the screenshot by a residue: Chromium scales the
 * 720x1280 video to the player with its own filter and draws text at that size, while the export is
 * drawn at 720x1280, x264-encoded (CRF 18) and scaled down with bicubic; and Chromium's software
 * YUV->RGB (libyuv, the path headless Chromium takes) makes blue about 5 % weaker in chroma than the
 * exact BT.709 maths, i.e. B lower by ~0.11 x (U - 128): about 2.5-3 levels on the blue ocean clip.
 * Measured on faithful pairs, that residue is at most ~3.8 on any channel (report.md). Wrong looks
 * move far more: a missing sepia moves R and B by 50-80, a missing blur on the textured clip moves
 * every channel by 11-15, an unapplied grade by well over 6. 6 sits between the two with a margin of
 * at least 2 levels each side; the negative controls below check that it does catch a wrong effect.
 * (On the offline engine's smooth gradients a missing blur moves the mean by only ~5: the blur control
 * is enforced on the textured clip, which is there to make blur and resampling errors visible.)
 * Placement is checked separately, by the text's bounding box, because a misplaced overlay covers too
 * few pixels to move a whole-frame mean.
 */
const MAX_MEAN_DIFF = 6;
/** Overlay boxes (and each line's box): each edge within 1 % of the frame's width (x) or height (y). */
const MAX_BOX_OFFSET = 0.01;
/**
 * A pixel belongs to the text where it differs from the same frame without text by more than this
 * on some channel. x264's noise between two encodes of the same picture stays under ~20 even next to
 * the text's edges; the faintest state compared (a fade at half opacity) moves its pixels by ~100.
 */
const INK_THRESHOLD = 48;
/**
 * Mean abs diff per channel inside one text's box. The text is all edges, drawn at 396 px in the
 * player and at 720 px, scaled down and 4:2:0-subsampled in the export: faithful pairs measure up to
 * ~21 (colour emoji, pop mid-scale). Text drawn at the wrong opacity or animation state measures
 * 67-97 there (the no-animation control); 35 sits between with a margin of 14 and 32 levels.
 */
const MAX_TEXT_DIFF = 35;

const OVERLAY_GOLD = '#FFD700';
/** Pure gold text (255, 215, 0) over a black outline; neither clip has a pixel like it (blue stays high). */
const isGold = (r: number, g: number, b: number) => r > 200 && g > 170 && g < 245 && b < 90;

/** The cases' edits belong to no project: their one shot names this, and `ofProject` puts a project's own clip in its place. */
const PROJECT_CLIP = 'project-clip';

function baseState(): EditorState {
  return withCut(defaultEditorState(PROJECT_CLIP, 2.5), { start: TRIM_START, end: 2.5 });
}

/** The edit with its one shot, the project's clip, cut at [start, end). */
function withCut(state: EditorState, cut: { start: number; end: number }): EditorState {
  return { ...state, shots: state.shots.map((shot) => ({ ...shot, in: cut.start, out: cut.end })) };
}

/** The edit as saved on the project `projectId`: its shots cut the project's own clip (the media asset with its id). */
function ofProject(state: EditorState, projectId: string): EditorState {
  return { ...state, shots: state.shots.map((shot) => ({ ...shot, mediaId: projectId })) };
}

function goldOverlay(overrides: Partial<TextOverlay>): TextOverlay {
  return {
    id: 'parity-overlay',
    text: 'BIG NEWS',
    fontSize: 96,
    color: OVERLAY_GOLD,
    position: { x: 50, y: 30 },
    fontFamily: 'Impact',
    textAlign: 'center',
    lineHeight: 1.2,
    outline: { color: '#000000', thickness: 6 },
    start: 0,
    end: 2,
    boxWidth: 100,
    enter: { kind: 'none', duration: 0.5 },
    exit: { kind: 'none', duration: 0.5 },
    ...overrides,
  };
}

function withOverlays(...overlays: TextOverlay[]): EditorState {
  return { ...baseState(), textOverlays: overlays };
}

/** A moment a case compares at which exactly these overlays show (their hit boxes' names), optionally within rows. */
interface Showing {
  at: number;
  /** Names the moment in the report, e.g. which overlay shows. */
  label?: string;
  overlays: string[];
  /** The text must lie inside these rows (fractions of the frame's height), in the player and in the export. */
  rows?: [number, number];
  /** Compare each line's box too (gold text). */
  lines?: boolean;
}

interface ParityCase {
  name: string;
  state: EditorState;
  /** Output seconds compared (each on a frame); default [AT]. 'all': every time any case compares (the base frames). */
  at?: number[] | 'all';
  /** Compare the text's box (where the frame differs from the same frame without text). */
  overlay?: boolean;
  /** Several overlays, each in its own band of rows (fractions of the frame's height), compared one by one. */
  parts?: Array<{ label: string; rows: [number, number] }>;
  /** What shows at some of the times compared: the hit boxes, and where the text lies. */
  shows?: Showing[];
}

/** The edit without a look: every case's base, compared at every time any case is. */
const NO_EFFECT: ParityCase = { name: 'none', at: 'all', state: baseState() };
const EFFECT_CASES: ParityCase[] = [
  NO_EFFECT,
  { name: 'grayscale', state: { ...baseState(), visualEffect: 'grayscale' } },
  { name: 'sepia', state: { ...baseState(), visualEffect: 'sepia' } },
  { name: 'vintage', state: { ...baseState(), visualEffect: 'vintage' } },
  { name: 'blur', state: { ...baseState(), visualEffect: 'blur' } },
  { name: 'grade', state: { ...baseState(), colorGrading: { brightness: 115, contrast: 80, saturation: 150 } } },
];

/** One text overlay of a timed case: its look (its times are the case's), and what to check while it shows. */
interface TimedText {
  overlay: TextOverlay;
  rows?: [number, number];
  lines?: boolean;
}

const TEXT_WINDOW = 0.25;

/**
 * Several text overlays on one export, each alone on screen in its own quarter-second (six frames at 24 fps)
 * and compared at its middle, as ANIMATED puts every animation on one export: each is compared with the frame
 * without text at the same time, exactly as one export per overlay would be, and at each time only that
 * overlay's hit box may show.
 */
function timedTexts(name: string, texts: TimedText[]): ParityCase {
  const overlays = texts.map(({ overlay }, index) => ({ ...overlay, start: index * TEXT_WINDOW, end: (index + 1) * TEXT_WINDOW }));
  const shows = texts.map(({ rows, lines }, index): Showing => {
    const overlay = overlays[index] as TextOverlay;
    return { at: overlay.start + TEXT_WINDOW / 2, label: overlay.id, overlays: [`Text overlay: ${overlay.text}`], rows, lines };
  });
  return { name, overlay: true, at: shows.map((showing) => showing.at), shows, state: withOverlays(...overlays) };
}

/** Gold Impact text, the case the moved-overlay control moves. */
const IMPACT: TimedText = { overlay: goldOverlay({ id: 'impact' }) };
const LOBSTER: TimedText = {
  overlay: goldOverlay({
    id: 'lobster',
    text: 'Hello\nsunny world',
    fontFamily: 'Lobster',
    fontSize: 80,
    position: { x: 42, y: 68 },
    textAlign: 'left',
    lineHeight: 1.4,
    outline: { color: '#000000', thickness: 4 },
  }),
};


/**
 * Every animation on one export, each overlay in its own band of rows (with room for slide-up's 5 %,
 * and clear of the offline clip's corner label at the top): entrance over 0.25-0.75 s, exit over
 * 1.25-1.75 s, each compared at its start, middle and end.
 */
const ANIMATIONS: Array<{ kind: TextAnimation['kind']; y: number }> = [
  { kind: 'fade', y: 12 },
  { kind: 'pop', y: 30 },
  { kind: 'slide-up', y: 48 },
  { kind: 'typewriter', y: 86 },
];
const ANIMATED: ParityCase = {
  name: 'animations',
  overlay: true,
  at: [0.25, 0.5, 0.75, 1.25, 1.5, 1.75],
  parts: ANIMATIONS.map(({ kind, y }) => ({ label: kind, rows: [(y - 9) / 100, (y + 9) / 100] })),
  state: withOverlays(
    ...ANIMATIONS.map(({ kind, y }) =>
      goldOverlay({
        id: kind,
        // Nine graphemes: half of them is never a whole number, so the typewriter sits on no rounding edge.
        text: 'BIG NEWS!',
        position: { x: 50, y },
        start: 0.25,
        end: 1.75,
        enter: { kind, duration: 0.5 },
        exit: { kind, duration: 0.5 },
      }),
    ),
  ),
};

/**
 * Text as the export now draws it (Skia, like the browser): wrapping, kerning, emoji, Arabic, timing,
 * animation. On the offline engine's clip only: where text lands does not depend on the clip (the textured
 * clip is compared on the effects and the grade, where its detail shows a blur or a resampling error). Every
 * text case shares one timed export; the animations have their own.
 */
const TEXT_CASES: ParityCase[] = [
  timedTexts('text', [
    IMPACT,
    LOBSTER,
    { overlay: goldOverlay({ id: 'wrapped', text: 'THIS CAPTION IS FAR TOO LONG FOR ONE LINE OF THE FRAME', boxWidth: 80, position: { x: 50, y: 28 } }), lines: true },
    { overlay: goldOverlay({ id: 'kerned', text: 'AVATAR WAVE', fontFamily: 'Bebas Neue', fontSize: 120 }) },
    { overlay: goldOverlay({ id: 'emoji', text: 'GOOD VIBES 🌊🔥😎', fontSize: 80 }) },
    { overlay: goldOverlay({ id: 'arabic', text: 'مرحبا بالعالم', fontFamily: 'Montserrat', fontSize: 90 }) },
    // Two overlays one after the other: each shows, in the player and in the export, only in its own time.
    { overlay: goldOverlay({ id: 'first', text: 'FIRST', position: { x: 50, y: 20 } }), rows: [0.1, 0.3] },
    { overlay: goldOverlay({ id: 'second', text: 'SECOND', position: { x: 50, y: 45 } }), rows: [0.35, 0.55] },
  ]),
  ANIMATED,
];

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-export-'));
  fs.mkdirSync(parityDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/**
 * A screenshot of the player frame only, at output second `seconds`. Headless Chromium now and then
 * hands Playwright a frame whose video layer is still empty (black); that is a capture glitch, not
 * what the player shows, so the shot is retaken after seeking again.
 */
async function screenshotFrame(page: Page, seconds: number, file: string): Promise<RgbImage> {
  for (let attempt = 1; ; attempt += 1) {
    await showFrameAt(page, seconds);
    const image = await decodePng(await page.getByTestId('editor-frame').screenshot({ path: file }));
    // The top half holds neither text nor watermark: an empty video layer leaves it black.
    let sum = 0;
    for (let i = 0; i < image.data.length / 2; i += 1) sum += image.data[i]!;
    if (sum / (image.data.length / 2) > 8) return image;
    if (attempt === 3) throw new Error(`${file}: the player frame stayed black in 3 screenshots`);
    console.warn(`${file}: the video layer was empty in the screenshot; retaking it`);
  }
}

/** Makes the viewport as tall as it takes for the player frame to be PLAYER_FRAME at whole-pixel coordinates. */
async function fitPlayerFrame(page: Page): Promise<void> {
  const frame = page.getByTestId('editor-frame');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const box = await frame.boundingBox();
    const missing = PLAYER_FRAME.height - (box?.height ?? 0);
    if (missing === 0) break;
    const viewport = page.viewportSize() ?? PARITY_VIEWPORT;
    await page.setViewportSize({ width: viewport.width, height: viewport.height + missing });
    // The frame is measured by a ResizeObserver: its new size lands on a later frame.
    await expect.poll(async () => (await frame.boundingBox())?.height).not.toBe(box?.height);
  }
  const box = await frame.boundingBox();
  expect(box).toEqual({ x: Math.round(box?.x ?? 0.5), y: Math.round(box?.y ?? 0.5), ...PLAYER_FRAME });
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function formatDiff(diff: readonly number[], digits = 2): string {
  return diff.map((value) => value.toFixed(digits)).join(' / ');
}

/**
 * The largest distance between corresponding edges of two boxes, as a fraction of the frame's side.
 * No text in either is a match; text in only one is as far off as can be.
 */
function boxDistance(a: Region | null, b: Region | null, frame: { width: number; height: number }): number {
  if (!a || !b) return a === b ? 0 : 1;
  return Math.max(
    Math.abs(a.x0 - b.x0) / frame.width,
    Math.abs(a.x1 - b.x1) / frame.width,
    Math.abs(a.y0 - b.y0) / frame.height,
    Math.abs(a.y1 - b.y1) / frame.height,
  );
}

function formatBox(box: Region | null): string {
  return box ? `(${String(box.x0)},${String(box.y0)})-(${String(box.x1)},${String(box.y1)})` : 'none';
}

/** Where text was drawn: the frame against the same frame of the same side without text. */
function inkBox(image: RgbImage, base: RgbImage, rows?: [number, number]): Region | null {
  return changedBox(image, base, INK_THRESHOLD, rows && [Math.round(rows[0] * image.height), Math.round(rows[1] * image.height)]);
}

/** Both frames' text boxes, how far apart they are, and the colour difference inside them (one overlay's pixels). */
function compareText(
  frames: { preview: RgbImage; exported: RgbImage; previewBase: RgbImage; exportBase: RgbImage },
  rows?: [number, number],
): { previewBox: Region | null; exportBox: Region | null; offset: number; textDiff?: [number, number, number] } {
  const previewBox = inkBox(frames.preview, frames.previewBase, rows);
  const exportBox = inkBox(frames.exported, frames.exportBase, rows);
  const offset = boxDistance(previewBox, exportBox, PLAYER_FRAME);
  if (!previewBox || !exportBox) return { previewBox, exportBox, offset };
  const inside = {
    x0: Math.min(previewBox.x0, exportBox.x0),
    y0: Math.min(previewBox.y0, exportBox.y0),
    x1: Math.max(previewBox.x1, exportBox.x1),
    y1: Math.max(previewBox.y1, exportBox.y1),
  };
  return { previewBox, exportBox, offset, textDiff: meanAbsDiff(frames.preview, frames.exported, { inside }) };
}

function describeText(text: ReturnType<typeof compareText>): string {
  return `${formatBox(text.previewBox)} / ${formatBox(text.exportBox)}${text.textDiff ? `; inside ${formatDiff(text.textDiff)}` : ''}`;
}

interface ParityResult {
  name: string;
  /** Whole frame; a part of a frame (one of several overlays) has only its box. */
  diff?: [number, number, number];
  boxOffset?: number;
  /** Mean abs diff per channel inside the text's box: where a wrong opacity or colour of the text shows. */
  textDiff?: [number, number, number];
  lineOffset?: number;
  lineCounts?: [number, number];
  /** The rows the text had to stay in, and whether it did in the player and in the export. */
  rows?: { expected: [number, number]; preview: boolean; exported: boolean };
  /** The hit boxes the player showed, and the ones it should have. */
  hitBoxes?: { shown: string[]; expected: string[] };
  /** Where text must be on screen, whether the player drew any (two empty frames would match). */
  drawn?: boolean;
}

/** Each line's box in both, paired top to bottom: the largest distance, and how many lines each has. */
function lineParity(preview: RgbImage, exported: RgbImage): { offset: number; counts: [number, number] } {
  const a = rowBands(preview, isGold);
  const b = rowBands(exported, isGold);
  const offset = a.length === b.length ? Math.max(0, ...a.map((line, i) => boxDistance(line, b[i] ?? null, PLAYER_FRAME))) : 1;
  return { offset, counts: [a.length, b.length] };
}

function within(box: Region | null, rows: [number, number]): boolean {
  return box !== null && box.y0 >= rows[0] * PLAYER_FRAME.height && box.y1 <= rows[1] * PLAYER_FRAME.height;
}

function caseTimes(parity: ParityCase, every: number[]): number[] {
  if (parity.at === 'all') return every;
  return parity.at ?? [AT];
}

function assertOnFrames(times: number[]): void {
  for (const at of times) {
    if (Math.abs(at * FPS - Math.round(at * FPS)) > 1e-6) throw new Error(`${String(at)} s is between two frames at ${String(FPS)} fps`);
  }
}

async function hitBoxNames(page: Page): Promise<string[]> {
  const boxes = textOverlays(page);
  return Promise.all((await boxes.all()).map(async (box) => (await box.getAttribute('aria-label')) ?? ''));
}

const GRADE_SLIDERS = { brightness: 'Brightness', contrast: 'Contrast', saturation: 'Saturation' } as const;
const EFFECT_RADIOS: Record<EditorState['visualEffect'], string> = { none: 'None', grayscale: 'Grayscale', sepia: 'Sepia', vintage: 'Vintage', blur: 'Blur' };

/** Switches the open editor's look (effect and grade) from one case's state to another's with its own controls. */
async function switchLook(page: Page, from: EditorState, to: EditorState): Promise<void> {
  expect({ ...to, visualEffect: from.visualEffect, colorGrading: from.colorGrading }, 'only the look differs').toEqual(from);
  if (to.visualEffect !== from.visualEffect) await page.getByRole('radio', { name: EFFECT_RADIOS[to.visualEffect] }).click();
  for (const [key, name] of Object.entries(GRADE_SLIDERS) as Array<[keyof typeof GRADE_SLIDERS, string]>) {
    let steps = to.colorGrading[key] - from.colorGrading[key];
    if (steps === 0) continue;
    const slider = page.getByRole('slider', { name });
    await slider.focus();
    // PageUp/PageDown move a slider by ten steps, the arrows by one.
    for (; Math.abs(steps) >= 10; steps -= Math.sign(steps) * 10) await page.keyboard.press(steps > 0 ? 'PageUp' : 'PageDown');
    for (; steps !== 0; steps -= Math.sign(steps)) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe(String(to.colorGrading[key]));
  }
}

/** Cases that differ only in their look share one editor open; each other state opens the editor afresh. */
function editorOpens(cases: ParityCase[]): ParityCase[][] {
  const looks = cases.filter((parity) => isDeepStrictEqual({ ...parity.state, visualEffect: 'none', colorGrading: baseState().colorGrading }, baseState()));
  return [...cases.filter((parity) => !looks.includes(parity)).map((parity) => [parity]), looks];
}

/** At most this many of one project's parity exports are queued at once (a free user may have six jobs). */
const EXPORTS_IN_FLIGHT = 4;

/**
 * Every case on one project, each exported once and compared at each of its times: the player's
 * frame at editor time `at + trim.start` (a screenshot of the frame element only) against the 720p
 * export's frame at `at`, scaled to the same size; plus the negative controls. The editor opens once
 * per state that needs it (the looks are switched in the page, as a creator does) and each export is
 * queued as soon as its edit is saved, so the server renders while the page is worked on. Returns the
 * rows of the report and the measurements to assert on.
 */
async function runParity(page: Page, request: APIRequestContext, projectId: string, source: string, cases: ParityCase[]) {
  await page.goto('about:blank');
  await page.setViewportSize(PARITY_VIEWPORT);
  const every = [...new Set(cases.flatMap((parity) => (parity.at === 'all' ? [] : (parity.at ?? [AT]))))].sort((a, b) => a - b);
  assertOnFrames(every);
  const results: ParityResult[] = [];
  const rows: string[] = [];
  const previews = new Map<string, RgbImage>();
  const exports = new Map<string, RgbImage>();
  const key = (name: string, at: number) => `${name}@${String(at)}`;
  const image = (frames: Map<string, RgbImage>, name: string, at: number): RgbImage => {
    const frame = frames.get(key(name, at));
    if (!frame) throw new Error(`the frame of ${name} at ${String(at)} s was not captured`);
    return frame;
  };

  const files = new Map<string, Promise<string>>();
  const queued: string[] = [];
  const save = (state: EditorState) => saveEditorState(request, projectId, ofProject(state, projectId));
  /** Queues an export under `name` once the project's saved edit is `state` (the editor saves a switched look itself). */
  const queueExport = async (name: string, state: EditorState): Promise<void> => {
    while (queued.length >= EXPORTS_IN_FLIGHT) await files.get(queued.shift() ?? '');
    await expect.poll(async () => (await getProject(request, projectId)).editorState, { message: `the saved edit of ${name}` }).toEqual(ofProject(state, projectId));
    const done = awaitExport(request, await startExport(request, projectId, PARITY_SETTINGS), path.join(workDir, `${source}-${name}.mp4`));
    // Awaited when its frames are compared; until then a failure must not count as unhandled.
    done.catch(() => undefined);
    files.set(name, done);
    queued.push(name);
  };
  const exportFrames = async (name: string, times: number[]): Promise<Map<number, RgbImage>> => {
    const frames = extractFrames(await (files.get(name) ?? Promise.reject(new Error(`${name} was not exported`))), times, FPS, PLAYER_FRAME);
    for (const [at, frame] of frames) await writePng(frame, path.join(parityDir, `${source}-${name}-${at.toFixed(3)}s-export.png`));
    return frames;
  };

  // The negative controls need no preview: their exports go first, before any page edits the project.
  const text = cases.find((parity) => parity.name === 'text');
  const impactAt = text?.shows?.find((showing) => showing.label === IMPACT.overlay.id)?.at;
  if (text && impactAt === undefined) throw new Error('the moved-overlay control needs the Impact overlay of the text case');
  if (text) {
    // The 'text' case with every overlay 3 % to the right, compared while the Impact overlay shows.
    const moved: EditorState = {
      ...text.state,
      textOverlays: text.state.textOverlays.map((overlay) => ({ ...overlay, position: { x: overlay.position.x + 3, y: overlay.position.y } })),
    };
    await save(moved);
    await queueExport('control-moved-overlay', moved);
  }
  if (cases.includes(ANIMATED)) {
    // An export that ignored the animations.
    const still: EditorState = {
      ...ANIMATED.state,
      textOverlays: ANIMATED.state.textOverlays.map((overlay) => ({ ...overlay, enter: { ...overlay.enter, kind: 'none' }, exit: { ...overlay.exit, kind: 'none' } })),
    };
    await save(still);
    await queueExport('control-no-animation', still);
  }

  const hitBoxes = new Map<string, string[]>();
  for (const opened of editorOpens(cases)) {
    let shown = opened[0]?.state;
    if (!shown) continue;
    await save(shown);
    await openEditor(page, projectId, { readyState: 2 });
    await expect.poll(() => page.getByText('Loading fonts…').count()).toBe(0);
    // A free user's player shows the watermark burned into the video it streams; the page draws no second one.
    expect(await page.getByText('Made with PromptReel').count()).toBe(0);
    await fitPlayerFrame(page);
    for (const parity of opened) {
      await switchLook(page, shown, parity.state);
      shown = parity.state;
      for (const at of caseTimes(parity, every)) {
        const file = path.join(parityDir, `${source}-${parity.name}-${at.toFixed(3)}s-preview.png`);
        const preview = await screenshotFrame(page, at, file);
        expect({ width: preview.width, height: preview.height }).toEqual(PLAYER_FRAME);
        previews.set(key(parity.name, at), preview);
        hitBoxes.set(key(parity.name, at), await hitBoxNames(page));
      }
      await queueExport(parity.name, parity.state);
    }
  }
  await page.goto('about:blank');

  for (const parity of cases) {
    const times = caseTimes(parity, every);
    const exported = await exportFrames(parity.name, times);
    for (const at of times) {
      exports.set(key(parity.name, at), exported.get(at) as RgbImage);
      const a = image(previews, parity.name, at);
      const b = image(exports, parity.name, at);
      const shows = parity.shows?.find((expected) => expected.at === at);
      const result: ParityResult = { name: `${parity.name}${shows?.label ? `: ${shows.label}` : ''} at ${at.toFixed(3)} s`, diff: meanAbsDiff(a, b) };
      await writeDiffImage(a, b, path.join(parityDir, `${source}-${parity.name}-${at.toFixed(3)}s-diff.png`));
      const row = (entry: ParityResult, boxes: string) =>
        `| ${source} | ${entry.name} | ${entry.diff ? formatDiff(entry.diff) : ''} | ${entry.diff ? formatDiff(meanSignedDiff(a, b)) : ''} | ${entry.boxOffset === undefined ? '' : `${(entry.boxOffset * 100).toFixed(2)} %`} | ${boxes} |`;
      const frames = { preview: a, exported: b, previewBase: image(previews, 'none', at), exportBase: image(exports, 'none', at) };
      let boxes = '';
      if (parity.overlay && !parity.parts) {
        const text = compareText(frames);
        result.drawn = text.previewBox !== null;
        result.boxOffset = text.offset;
        result.textDiff = text.textDiff;
        boxes = describeText(text);
        if (shows?.rows) result.rows = { expected: shows.rows, preview: within(text.previewBox, shows.rows), exported: within(text.exportBox, shows.rows) };
        if (shows) result.hitBoxes = { shown: hitBoxes.get(key(parity.name, at)) ?? [], expected: shows.overlays };
      }
      if (shows?.lines) {
        const lines = lineParity(a, b);
        result.lineOffset = lines.offset;
        result.lineCounts = lines.counts;
        boxes += `; lines ${String(lines.counts[0])} / ${String(lines.counts[1])}, worst line ${(lines.offset * 100).toFixed(2)} %`;
      }
      results.push(result);
      rows.push(row(result, boxes));
      for (const part of parity.parts ?? []) {
        const text = compareText(frames, part.rows);
        const partResult: ParityResult = { name: `${parity.name}: ${part.label} at ${at.toFixed(3)} s`, boxOffset: text.offset, textDiff: text.textDiff };
        // Strictly inside its time the overlay shows something; at its very start and end nothing may show.
        const timed = parity.state.textOverlays.find((overlay) => overlay.id === part.label);
        if (timed && at > timed.start && at < timed.end) partResult.drawn = text.previewBox !== null;
        results.push(partResult);
        rows.push(row(partResult, describeText(text)));
      }
    }
  }

  // Negative controls: a wrong effect must fail the colour check, a misplaced overlay the box check.
  const previewOf = (name: string) => image(previews, name, AT);
  const exportOf = (name: string) => image(exports, name, AT);
  const effects = cases.some((parity) => parity.name === 'sepia');
  const wrongSepia = effects ? meanAbsDiff(previewOf('none'), exportOf('sepia')) : undefined;
  const wrongBlur = effects ? meanAbsDiff(previewOf('blur'), exportOf('none')) : undefined;
  let movedOffset: number | undefined;
  if (impactAt !== undefined) {
    const movedFrame = (await exportFrames('control-moved-overlay', [impactAt])).get(impactAt) as RgbImage;
    movedOffset = boxDistance(
      inkBox(image(previews, 'text', impactAt), image(previews, 'none', impactAt)),
      inkBox(movedFrame, image(exports, 'none', impactAt)),
      PLAYER_FRAME,
    );
    rows.push(`| ${source} | control: Impact preview at ${String(impactAt)} s vs the overlays moved 3 % right | | | ${(movedOffset * 100).toFixed(2)} % | must exceed ${String(MAX_BOX_OFFSET * 100)} % |`);
  }
  // An export that ignored the animations: at mid-animation every kind must fail the box or the text colour check.
  const stillAnimations: Array<{ kind: string; offset: number; textDiff: number }> = [];
  if (cases.includes(ANIMATED)) {
    const stillFrame = (await exportFrames('control-no-animation', [AT])).get(AT) as RgbImage;
    const frames = { preview: image(previews, ANIMATED.name, AT), exported: stillFrame, previewBase: previewOf('none'), exportBase: exportOf('none') };
    for (const part of ANIMATED.parts ?? []) {
      const text = compareText(frames, part.rows);
      stillAnimations.push({ kind: part.label, offset: text.offset, textDiff: Math.max(...(text.textDiff ?? [0])) });
      rows.push(
        `| ${source} | control: ${part.label} preview at ${String(AT)} s vs an export without animations | | | ${(text.offset * 100).toFixed(2)} % | ${describeText(text)}; must exceed ${String(MAX_BOX_OFFSET * 100)} % or ${String(MAX_TEXT_DIFF)} inside |`,
      );
    }
  }
  if (wrongSepia && wrongBlur) {
    rows.push(
      `| ${source} | control: 'none' preview vs 'sepia' export | ${formatDiff(wrongSepia)} | | | must exceed ${String(MAX_MEAN_DIFF)} |`,
      `| ${source} | control: 'blur' preview vs 'none' export | ${formatDiff(wrongBlur)} | | | must exceed ${String(MAX_MEAN_DIFF)} |`,
    );
  }
  return { results, rows, wrongSepia, wrongBlur, movedOffset, stillAnimations };
}

function writeParityReport(source: string, rows: string[]): void {
  const report = [
    `Parity (${source} clip): player frame ${String(PLAYER_FRAME.width)}x${String(PLAYER_FRAME.height)} (viewport ${String(PARITY_VIEWPORT.width)} wide, as tall as that takes), ` +
      `each time in output seconds (editor time = t + ${String(TRIM_START)} s), ${PARITY_SETTINGS.resolution} ${PARITY_SETTINGS.format} ${PARITY_SETTINGS.quality}.`,
    `Threshold: mean |diff| per channel < ${String(MAX_MEAN_DIFF)}; text box edges (pixels differing by > ${String(INK_THRESHOLD)} from the frame without text) ` +
      `and each gold line's box within ${String(MAX_BOX_OFFSET * 100)} % of the frame; mean |diff| inside a text's box < ${String(MAX_TEXT_DIFF)}.`,
    '',
    '| clip | case | mean abs diff R / G / B | mean signed diff (preview - export) | box offset | text boxes preview / export; mean abs diff inside them |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  fs.writeFileSync(path.join(parityDir, `report-${source}.md`), `${report}\n`);
  console.log(report);
}

function expectParity(source: string, parity: Awaited<ReturnType<typeof runParity>>): void {
  // The effects are compared on the textured clip, where a blur or a resampling error shows; its run has their controls.
  if (source === 'textured') {
    expect(Math.max(...(parity.wrongSepia ?? [])), `${source}: the wrong-effect control`).toBeGreaterThan(MAX_MEAN_DIFF);
    expect(Math.max(...(parity.wrongBlur ?? [])), `${source}: the missing-blur control`).toBeGreaterThan(MAX_MEAN_DIFF);
  }
  // The generated clip carries the text cases, so its run has the moved-overlay control; the textured one has none.
  if (source === 'generated') expect(parity.movedOffset, `${source}: the moved-overlay control`).toBeGreaterThan(MAX_BOX_OFFSET);
  for (const control of parity.stillAnimations) {
    expect(control.offset > MAX_BOX_OFFSET || control.textDiff > MAX_TEXT_DIFF, `${source}: ${control.kind} without its animation must be caught`).toBe(true);
  }
  for (const result of parity.results) {
    const name = `${source} ${result.name}`;
    if (result.diff) expect.soft(Math.max(...result.diff), `${name}: mean abs diff ${formatDiff(result.diff)}`).toBeLessThan(MAX_MEAN_DIFF);
    if (result.boxOffset !== undefined) expect.soft(result.boxOffset, `${name}: text box offset`).toBeLessThanOrEqual(MAX_BOX_OFFSET);
    if (result.textDiff) expect.soft(Math.max(...result.textDiff), `${name}: mean abs diff inside the text box`).toBeLessThan(MAX_TEXT_DIFF);
    if (result.lineCounts) {
      expect.soft(result.lineCounts[0], `${name}: the caption wraps`).toBeGreaterThan(1);
      expect.soft(result.lineCounts[1], `${name}: lines in the export`).toBe(result.lineCounts[0]);
      expect.soft(result.lineOffset, `${name}: worst line box offset`).toBeLessThanOrEqual(MAX_BOX_OFFSET);
    }
    if (result.rows) {
      expect.soft(result.rows.preview, `${name}: the player shows only the overlay timed here`).toBe(true);
      expect.soft(result.rows.exported, `${name}: the export shows only the overlay timed here`).toBe(true);
    }
    if (result.hitBoxes) expect.soft(result.hitBoxes.shown, `${name}: hit boxes`).toEqual(result.hitBoxes.expected);
    if (result.drawn !== undefined) expect.soft(result.drawn, `${name}: the player draws the text`).toBe(true);
  }
}

describe('exporting from the editor', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    await signUp(page.request);
    projectId = await createReadyProject(page.request, { title: 'Ocean waves', prompt: 'Deep ocean waves under a calm sky', aspectRatio: '9:16' });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('exports with the TikTok preset: progress, "Export complete!", a download that is 1080x1920 H.264/AAC with faststart', async () => {
    const state: EditorState = {
      ...withCut(baseState(), { start: 1, end: 6.5 }),
      visualEffect: 'sepia',
      textOverlays: [goldOverlay({})],
    };
    await saveEditorState(page.request, projectId, ofProject(state, projectId));
    await openEditor(page, projectId, { readyState: 2 });
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Video' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'export');
    // 5.5 s: long enough for every platform, so no warning about the length.
    expect(await dialog.getByRole('note').count()).toBe(0);
    // Issue 42.17: before it starts, the dialog says an export is free and how long it takes.
    expect(await dialog.getByText('Exporting is free: it uses no credits.', { exact: false }).innerText()).toMatch(
      /Rendering takes about \d+ seconds for this 6 s video at 1080p\.$/,
    );

    // The presets: five platforms at 1080p MP4 High, and 4K Pro locked on the free plan.
    for (const name of ['TikTok', 'Instagram Reels', 'YouTube Shorts', 'Snapchat Spotlight', 'Facebook Reels']) {
      expect(await dialog.getByRole('radio', { name }).isEnabled()).toBe(true);
      expect(await dialog.getByRole('radio', { name }).getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(await dialog.getByRole('radio', { name: 'TikTok' }).innerText()).toContain('1080p · MP4 · High');
    // Each platform's preset shows the lengths its platform takes (decision 034).
    expect(await dialog.getByRole('radio', { name: 'TikTok' }).innerText()).toContain('3 s – 3 min');
    expect(await dialog.getByRole('radio', { name: 'Snapchat Spotlight' }).innerText()).toContain('5 s – 60 s');
    const fourK = dialog.getByRole('radio', { name: '4K Pro' });
    expect(await fourK.isDisabled()).toBe(true);
    expect(await fourK.innerText()).toContain('Pro');
    await dialog.getByLabel('Resolution').click();
    expect(await page.getByRole('option', { name: /4K/ }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.getByRole('radio', { name: 'Instagram Reels' }).click();
    await dialog.getByRole('radio', { name: 'TikTok' }).click();
    expect(await dialog.getByRole('radio', { name: 'TikTok' }).getAttribute('aria-checked')).toBe('true');
    await keepScreenshot(page, 'export-dialog-1440');

    // An edit made just before exporting, inside the autosave's delay, is in the file: Export saves first.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The autosave waits 800 ms; these clicks take less, so only Export's own save can come first.
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/projects/${projectId}`) && request.method() !== 'GET') {
        calls.push(`${request.method()} ${request.url().endsWith('/export') ? 'export' : (request.postData() ?? '')}`);
      }
    });
    await page.getByRole('radio', { name: 'Grayscale' }).click();
    await page.getByRole('button', { name: 'Export' }).click();
    await dialog.getByRole('radio', { name: 'TikTok' }).click();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => calls.includes('POST export')).toBe(true);
    const savedBefore = calls.slice(0, calls.indexOf('POST export'));
    expect(savedBefore.some((call) => call.startsWith('PATCH') && call.includes('"visualEffect":"grayscale"')), calls.join('\n')).toBe(true);
    await expect.poll(() => page.getByText('Export started').isVisible()).toBe(true);

    // The render goes on with the dialog closed: the header's chip follows it, and editing goes on meanwhile.
    const progress = dialog.getByRole('progressbar', { name: 'Export progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Sepia, picked while it renders, is not in this file: the export renders the edit as it was at Export.
    await page.getByRole('radio', { name: 'Sepia' }).click();
    const chip = page.getByTestId('export-chip');
    const seen: number[] = [0];
    const deadline = Date.now() + 120_000;
    while ((await chip.getAttribute('data-state').catch(() => null)) !== 'ready') {
      if (Date.now() > deadline) throw new Error('the export did not complete within 120 s');
      const name = await chip.getAttribute('aria-label').catch(() => null);
      const value = Number(/Exporting (\d+)%/.exec(name ?? '')?.[1] ?? Number.NaN);
      if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await page.getByText('Export complete!').isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Sepia' }).getAttribute('aria-checked')).toBe('true');
    await chip.click();
    await expect.poll(() => dialog.getByRole('link', { name: 'Download Video' }).isVisible()).toBe(true);
    seen.push(Number(await progress.getAttribute('aria-valuenow')));
    console.log(`progress seen in the header chip: ${seen.join(' -> ')}`);
    expect(seen.at(-1)).toBe(100);
    expect(seen.some((value) => value > 0 && value < 100), `progress seen: ${seen.join(', ')}`).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Export Again' }).isVisible()).toBe(true);
    await expectAccessible(page, 'export, complete');
    // The bar eases to its value (a CSS transition); the screenshot waits for it to arrive.
    await progress.evaluate((bar) => Promise.all(bar.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await keepScreenshot(page, 'export-dialog-complete-1440');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download Video' }).click()]);
    expect(download.suggestedFilename()).toBe('ocean-waves-1080p.mp4');
    const file = path.join(workDir, 'tiktok.mp4');
    await download.saveAs(file);

    const probe = ffprobe(file);
    const videoStream = probe.streams.find((stream) => stream.codec_type === 'video');
    const audioStream = probe.streams.find((stream) => stream.codec_type === 'audio');
    expect(videoStream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 1080, height: 1920 });
    expect(audioStream?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) - outputDuration(state))).toBeLessThanOrEqual(0.1);
    // Grayscale, not the sepia saved before: R = G = B above the overlay (the top fifth of the frame).
    const frame = extractFrames(file, [1], FPS, { width: 270, height: 480 }).get(1) as RgbImage;
    let spread = 0;
    const pixels = (frame.width * frame.height) / 5;
    for (let i = 0; i < pixels * 3; i += 3) {
      spread += Math.abs(frame.data[i]! - frame.data[i + 1]!) + Math.abs(frame.data[i + 1]! - frame.data[i + 2]!);
    }
    expect(spread / pixels, 'mean |R-G| + |G-B| of the exported frame').toBeLessThan(3);
    const boxes = topLevelBoxes(file);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    // Export Again goes back to the settings; so does closing and reopening after a finished job.
    await dialog.getByRole('button', { name: 'Export Again' }).click();
    expect(await dialog.getByRole('radio', { name: 'TikTok' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Download Video' }).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await keepScreenshot(page, 'export-dialog-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 180_000);

  it('renders in the background: the dialog closes, the chip follows the job across a reload, Cancel Export stops it; a failure says why and goes back to the settings at 0 %', async () => {
    await openEditor(page, projectId, { readyState: 2 });
    let job: Record<string, unknown> = { status: 'pending', progress: 40, outputUrl: null, errorMessage: null };
    let cancelRequests = 0;
    let started = 0;
    // Each Export is a new job, as on the server; every poll reads `job`.
    await page.route('**/api/projects/*/export', (route) => route.fulfill({ json: { jobId: `job-under-test-${String(++started)}` } }));
    await page.route(/\/api\/export-jobs\/job-under-test-/, (route) => {
      if (!route.request().url().endsWith('/cancel')) return route.fulfill({ json: job });
      cancelRequests += 1;
      job = { ...job, status: 'cancelled' };
      return route.fulfill({ json: job });
    });
    try {
      await page.getByRole('button', { name: 'Export' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export Video' });
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      const progress = dialog.getByRole('progressbar', { name: 'Export progress' });
      await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('40');
      // Escape closes the dialog while it renders; the chip carries on.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      // The 'Export started' toast covers the header on a phone; close it if it is still there, for the screenshots.
      await page.getByRole('region', { name: /F8/ }).getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined);
      const chip = page.getByRole('button', { name: /^Exporting 40%/ });
      await expect.poll(() => chip.isVisible()).toBe(true);
      expect(await axeViolations(page), 'axe, the editor with the export chip').toEqual([]);
      await keepScreenshot(page, 'export-chip-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      const box = await chip.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await keepScreenshot(page, 'export-chip-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      // A reload finds the running export again.
      await page.reload();
      await expect.poll(() => chip.isVisible(), { timeout: 30_000 }).toBe(true);
      job = { ...job, progress: 63 };
      await expect.poll(() => page.getByRole('button', { name: /^Exporting 63%/ }).isVisible()).toBe(true);

      await page.getByTestId('export-chip').click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Keep Editing' }).isVisible()).toBe(true);
      expect(await axeViolations(page), 'axe, the export dialog while it renders').toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel Export' }).click();
      await expect.poll(() => page.getByText('Export cancelled').isVisible()).toBe(true);
      expect(cancelRequests).toBe(1);
      expect(await dialog.getByRole('radio', { name: 'TikTok' }).isVisible()).toBe(true);
      expect(await page.getByTestId('export-chip').count()).toBe(0);

      job = { status: 'pending', progress: 40, outputUrl: null, errorMessage: null };
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('40');
      job = { status: 'failed', progress: 40, outputUrl: null, errorMessage: 'Invalid data found when processing input' };
      await expect.poll(() => page.getByText('Export failed').isVisible()).toBe(true);
      expect(await page.getByText('Invalid data found when processing input').isVisible()).toBe(true);
      expect(await progress.count()).toBe(0);
      expect(await dialog.getByRole('radio', { name: 'TikTok' }).isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).isEnabled()).toBe(true);

      // A refused request: its own message.
      await page.unroute('**/api/projects/*/export');
      await page.route('**/api/projects/*/export', (route) =>
        route.fulfill({ status: 409, json: { message: 'The video is still being generated' } }),
      );
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      await expect.poll(() => page.getByText('The video is still being generated').isVisible()).toBe(true);
      expect(await dialog.getByRole('radio', { name: 'TikTok' }).isVisible()).toBe(true);

      // Closing and reopening starts afresh.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    } finally {
      await page.unrouteAll();
    }
  }, 60_000);

  it('exports what the preview shows, frame for frame: text that wraps, kerns, holds emoji and Arabic, keeps its times and animates (offline engine clip)', async () => {
    const parity = await runParity(page, page.request, projectId, 'generated', [NO_EFFECT, ...TEXT_CASES]);
    writeParityReport('generated', parity.rows);
    expectParity('generated', parity);
  }, 300_000);

  it('stamps the watermark for a free user only: a pro export of the same clip differs only in its box', async () => {
    const state: EditorState = { ...withCut(baseState(), { start: 0, end: 2 }), visualEffect: 'vintage' };
    await saveEditorState(page.request, projectId, ofProject(state, projectId));
    // The free user streams a watermarked copy; the clean master is what the pro user uploads.
    const source = path.join(workDir, 'source.mp4');
    copyMasterVideo(dataDir, projectId, source);
    const free = await exportThroughApi(page.request, projectId, PARITY_SETTINGS, path.join(workDir, 'free.mp4'));

    const { context: proContext, page: proPage } = await newPage(browser, baseUrl);
    try {
      const proUser = await signUp(proPage.request, 'exportpro');
      setUser(dataDir, proUser, { subscription: 'pro' });
      // The same clip, byte for byte: an upload already in the stored format is kept as it is.
      const proProject = await uploadReadyProject(proPage.request, source, 'Ocean waves');
      const proSource = path.join(workDir, 'pro-source.mp4');
      await downloadProjectVideo(proPage.request, proProject, proSource);
      expect(sha256(proSource)).toBe(sha256(source));
      await saveEditorState(proPage.request, proProject, ofProject(state, proProject));
      const pro = await exportThroughApi(proPage.request, proProject, PARITY_SETTINGS, path.join(workDir, 'pro.mp4'));

      const size = { width: 720, height: 1280 };
      const scale = Math.min(size.width, size.height) / 1080;
      // WATERMARK_STYLE scaled to the output, generously: the margins, 420 reference px for the text
      // ('Made with PromptReel' at 30 px is under 400) and 1.6 lines for the line, outline and descenders.
      const watermark: Region = {
        x0: Math.floor(size.width - (WATERMARK_STYLE.marginX + 420) * scale),
        y0: Math.floor(size.height - (WATERMARK_STYLE.marginY + WATERMARK_STYLE.fontSize * 1.6) * scale),
        x1: size.width,
        y1: size.height,
      };
      const rows: string[] = [];
      const times = [0.5, 1.5];
      const freeFrames = extractFrames(free, times, FPS, size);
      const proFrames = extractFrames(pro, times, FPS, size);
      for (const seconds of times) {
        const a = freeFrames.get(seconds) as RgbImage;
        const b = proFrames.get(seconds) as RgbImage;
        await writePng(a, path.join(parityDir, `watermark-free-${String(seconds)}s.png`));
        await writePng(b, path.join(parityDir, `watermark-pro-${String(seconds)}s.png`));
        await writeDiffImage(a, b, path.join(parityDir, `watermark-diff-${String(seconds)}s.png`), 16);
        const outside = meanAbsDiff(a, b, { outside: watermark });
        const outsideSigned = meanSignedDiff(a, b, watermark);
        const inside = meanAbsDiff(a, b, { inside: watermark });
        // x264 codes two different pictures with slightly different noise everywhere (~1 level, no
        // bias); a real change outside the box would show as a 16x16 tile far above that noise.
        const tiles = blockDiffs(a, b);
        const changed = tiles.filter((tile) => tile.diff > 8);
        const worstOutside = tiles.find((tile) => tile.x + 16 <= watermark.x0 || tile.y + 16 <= watermark.y0);
        rows.push(
          `| ${String(seconds)} s | ${formatDiff(outside, 3)} | ${formatDiff(outsideSigned, 3)} | ${(worstOutside?.diff ?? 0).toFixed(2)} | ${formatDiff(inside)} | ${String(changed.length)} | ${(tiles[0]?.diff ?? 0).toFixed(1)} |`,
        );
        expect(Math.max(...outside), `outside the watermark at ${String(seconds)} s`).toBeLessThan(1.5);
        expect(Math.max(...outsideSigned.map(Math.abs)), `a shift outside the watermark at ${String(seconds)} s`).toBeLessThan(0.3);
        expect(worstOutside?.diff ?? 0, `the worst tile outside the watermark at ${String(seconds)} s`).toBeLessThan(6);
        expect(Math.min(...inside), `inside the watermark at ${String(seconds)} s`).toBeGreaterThan(5);
        expect(changed.length).toBeGreaterThan(0);
        for (const tile of changed) {
          expect(tile.x + 16 > watermark.x0 && tile.y + 16 > watermark.y0, `tile ${String(tile.x)},${String(tile.y)} changed`).toBe(true);
        }
      }
      const report = [
        `Watermark: free vs pro export of the same clip and edit (vintage), 720p; watermark box ${formatBox(watermark)} of 720x1280.`,
        '',
        '| export t | mean abs diff outside R / G / B | mean signed outside | worst 16x16 tile outside | mean abs diff inside R / G / B | tiles > 8 (all inside) | worst tile |',
        '|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n');
      fs.writeFileSync(path.join(parityDir, 'report-watermark.md'), `${report}\n`);
      console.log(report);
    } finally {
      await proContext.close();
    }
  }, 240_000);
});

describe('parity on a detailed clip', () => {
  it('exports what the preview shows, every effect and a grade, on a clip with detail everywhere, where a blur or a resampling error shows', async () => {
    const { context, page } = await newPage(browser, baseUrl, PARITY_VIEWPORT);
    try {
      await signUp(page.request, 'exporttex');
      const projectId = await uploadReadyProject(page.request, makeTexturedClip(workDir), 'Ripples');
      const parity = await runParity(page, page.request, projectId, 'textured', EFFECT_CASES);
      writeParityReport('textured', parity.rows);
      expectParity('textured', parity);
    } finally {
      await context.close();
    }
  }, 300_000);
});
