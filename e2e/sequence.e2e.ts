import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EditorState } from '../src/shared/editor/editor-state.ts';
import { layoutSequence, transitionSeconds } from '../src/shared/editor/time-map.ts';
import { artifactsDir, connectBrowser, newPage } from './support/browser.ts';
import { goToTime, openEditor, showFrameAt } from './support/editor-page.ts';
import { type RgbImage, decodePng, extractFrames, ffprobe, meanAbsDiff, writeDiffImage, writePng } from './support/media.ts';
import { type Lane, makeTaggedClip, mediaMasterFile, readLane, undoTitle } from './support/sequence.ts';
import { createReadyProject, getProject, setUser, signUp } from './support/studio.ts';

/**
 * Issue 26's sequence, end to end: a generated clip, a shot generated to continue it, an uploaded clip, a reorder,
 * a crossfade, a split and a deleted piece, each one undo step; then the export from the dialog, whose file lasts
 * what the saved edit says and shows each shot's own source in its middle, and whose frames are the player's.
 */

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const reportDir = path.join(artifactsDir, 'sequence');

/** The offline engine's clips and the uploaded one are 24 fps; so is the export (the first shot's rate). */
const FPS = 24;
/** A desktop viewport: the lane's buttons are in the timeline's header (a phone has them in a popover). */
const VIEWPORT = { width: 1440, height: 900 };
/** Where exported frames are compared with the sources' (both scaled to it). */
const SOURCE_SIZE = { width: 180, height: 320 };

/**
 * Mean absolute difference per channel (0-255), the worst channel, that an exported shot's middle frame may have
 * from its source's frame there, both scaled to SOURCE_SIZE. Measured: 0.4-2.0 (the 'low' quality's x264 at about
 * 1.1 Mbit/s, and the pattern clip's edges after the export's 360 -> 720 px fit); a frame of another shot of this
 * sequence measures 100-106. 6 sits three times above the worst faithful frame and far below a wrong one.
 */
const MAX_SOURCE_DIFF = 6;
/**
 * The same (worst channel) between a player screenshot and the exported frame at the same output time, scaled to
 * the player's size: export.e2e.ts's threshold, for the same reasons (Chromium's own scaling, x264, and its software
 * YUV->RGB drawing blue a few levels weaker). Measured: 0.5-2.7 on the generated clips, up to 4.4 (blue) on the
 * uploaded test pattern, 2.3 at the crossfade's midpoint; the player's last frame before the cut against the
 * export's first after it measures about 98.
 */
const MAX_PARITY_DIFF = 6;
/**
 * The crossfade leads into shot 3, after the cut into shot 2: a cut followed by a transition (the order that made
 * the export's xfade fail on the concat's time base) as well as each kind of joint.
 */
const CROSSFADE_INTO = 3;
const JOINTS = [2, 3].map((shot) => `Transition into shot ${String(shot)}: ${shot === CROSSFADE_INTO ? 'Crossfade' : 'Cut'}`);

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-sequence-'));
  fs.mkdirSync(reportDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** The first frame at or after output second `seconds`: the frame index the export holds there. */
const frameIndex = (seconds: number) => Math.round(seconds * FPS);
/**
 * The time to type into the player for frame `n`: the time field takes milliseconds, and a video shows the last
 * frame at or before its time, so n/FPS is rounded up to the millisecond (71/24 = 2.9583 → 2.959, still frame 71).
 */
const playerTime = (n: number) => Math.ceil((n / FPS) * 1000 - 1e-6) / 1000;

function format(diff: readonly number[]): string {
  return diff.map((value) => value.toFixed(2)).join(' / ');
}

/**
 * A screenshot of the player frame at output second `seconds`. Headless Chromium now and then hands back an empty
 * (black) video layer: a black frame is retaken, twice at most.
 */
async function screenshotFrame(page: Page, seconds: number, away: number, file: string): Promise<RgbImage> {
  for (let attempt = 1; ; attempt += 1) {
    await showFrameAt(page, seconds, away);
    const image = await decodePng(await page.getByTestId('editor-frame').screenshot({ path: file }));
    let sum = 0;
    for (let i = 0; i < image.data.length; i += 1) sum += image.data[i]!;
    if (sum / image.data.length > 8) return image;
    // A frame that is black three times over is what the player shows (the parity check then judges it).
    if (attempt === 3) return image;
    console.warn(`${file}: the video layer may have been empty in the screenshot; retaking it`);
  }
}

describe('a sequence of shots, from the editor to the exported file', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;
  let saved: EditorState;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl, VIEWPORT));
    const username = await signUp(page.request, 'sequence');
    // Pro: no watermarked copies to render for each clip, and nothing but the sequence differs between file and source.
    setUser(dataDir, username, { subscription: 'pro' });
    projectId = await createReadyProject(page.request, { title: 'Ocean to neon', prompt: 'Deep ocean waves under a calm sky', aspectRatio: '9:16' });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('builds the sequence on the video lane: a continuing generated shot, an upload, a move, a crossfade, a split and a deleted piece, each one undo step', async () => {
    await openEditor(page, projectId, { readyState: 2 });
    // The player frame at whole-pixel coordinates, so a screenshot of it is not resampled by half a pixel.
    const box = await page.getByTestId('editor-frame').boundingBox();
    if (box && box.x % 1 !== 0) await page.setViewportSize({ width: VIEWPORT.width + 1, height: VIEWPORT.height });
    await expect.poll(async () => ((await page.getByTestId('editor-frame').boundingBox())?.x ?? 0.5) % 1).toBe(0);
    const start = await readLane(page);
    expect(start.shots).toHaveLength(1);
    const first = start.shots[0]!;
    expect(first).toMatchObject({ id: expect.any(String), in: 0 });

    // A shot generated to continue the first from its last frame (4 s, the offline engine), added after it.
    await page.getByRole('button', { name: 'Add shot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shot' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Prompt').fill('A neon arcade glowing at night');
    await dialog.getByRole('radio', { name: '4 s' }).click();
    await dialog.getByRole('checkbox', { name: /Continue from the end of this shot/ }).check();
    await dialog.getByRole('button', { name: 'Generate shot' }).click();
    // Bounds a hang: the dialog closes when the clip is ready and its shot is added.
    await expect.poll(() => dialog.count(), { timeout: 120_000 }).toBe(0);
    await expect.poll(async () => (await readLane(page)).shots.length).toBe(2);
    const generated = (await readLane(page)).shots[1]!;
    expect(generated.in).toBe(0);
    expect(generated.out).toBeGreaterThanOrEqual(4 - 1 / FPS);

    const media = (await (await page.request.get(`/api/projects/${projectId}/media`)).json()) as {
      media: Array<{ id: string; origin: string; status: string; duration: number }>;
    };
    const continuation = media.media.find((asset) => asset.id !== projectId && asset.origin !== 'uploaded');
    expect(continuation).toMatchObject({ origin: 'continuation', status: 'ready' });

    // An upload, added after the shot at the playhead (the generated one).
    await goToTime(page, first.out + 2);
    await page.getByRole('button', { name: 'Add shot' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('Choose a video or drop it here').setInputFiles(makeTaggedClip(workDir, 'pattern.mp4'));
    await dialog.getByRole('button', { name: 'Upload shot' }).click();
    await expect.poll(() => dialog.count(), { timeout: 90_000 }).toBe(0);
    await expect.poll(async () => (await readLane(page)).shots.length).toBe(3);
    const added = await readLane(page);
    expect(added.shots.slice(0, 2).map((shot) => shot.id)).toEqual([first.id, generated.id]);
    const uploaded = added.shots[2]!;
    expect(uploaded).toMatchObject({ in: 0, out: 2 });
    // Issue 42.17: the upload is named after its file in the media bin.
    const withUpload = (await (await page.request.get(`/api/projects/${projectId}/media`)).json()) as { media: Array<{ id: string; origin: string; title?: string }> };
    expect(withUpload.media.find((asset) => asset.id !== projectId && asset.origin === 'uploaded')?.title).toBe('pattern');
    expect(added.joints).toEqual(['Transition into shot 2: Cut', 'Transition into shot 3: Cut']);

    // The gestures under test, each read back from the lane and from the Undo button.
    const stages: Lane[] = [added];
    const titles: string[] = [];
    const after = async (title: string, check: (lane: Lane) => void) => {
      await expect.poll(() => undoTitle(page)).toBe(title);
      const lane = await readLane(page);
      check(lane);
      stages.push(lane);
      titles.push(title);
    };

    // Move: the upload goes before the generated shot.
    await page.getByRole('button', { name: 'Go to shot 3' }).click();
    await expect.poll(() => page.getByRole('toolbar', { name: 'Shot 3 of 3' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Move shot earlier' }).click();
    await after('Undo move shot (Ctrl+Z)', (lane) => {
      expect(lane.shots.map((shot) => shot.id)).toEqual([first.id, uploaded.id, generated.id]);
    });

    // A crossfade (the default length, 0.5 s).
    await page.getByRole('button', { name: `Transition into shot ${String(CROSSFADE_INTO)}: Cut` }).click();
    const joint = page.getByRole('dialog', { name: `Transition into shot ${String(CROSSFADE_INTO)}` });
    await joint.getByRole('radio', { name: 'Crossfade' }).click();
    await expect.poll(() => joint.getByRole('slider', { name: 'Transition length' }).getAttribute('aria-valuenow')).toBe('0.5');
    await page.keyboard.press('Escape');
    await expect.poll(() => joint.count()).toBe(0);
    await after('Undo change transition (Ctrl+Z)', (lane) => {
      expect(lane.joints).toEqual(JOINTS);
    });

    // Split the first shot at 3 s with the S key, then delete the piece after the playhead.
    await goToTime(page, 3);
    await page.keyboard.press('s');
    await after('Undo split shot (Ctrl+Z)', (lane) => {
      expect(lane.shots).toHaveLength(4);
      expect(lane.shots[0]).toEqual({ id: first.id, in: 0, out: 3 });
      expect(lane.shots[1]).toMatchObject({ in: 3, out: first.out });
    });
    const piece = stages.at(-1)!.shots[1]!;
    await expect.poll(() => page.getByRole('toolbar', { name: 'Shot 2 of 4' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete shot' }).click();
    await after('Undo delete shot (Ctrl+Z)', (lane) => {
      expect(lane.shots.map((shot) => shot.id)).toEqual([first.id, uploaded.id, generated.id]);
      expect(lane.shots[0]).toEqual({ id: first.id, in: 0, out: 3 });
      expect(lane.joints).toEqual(JOINTS);
    });
    expect(stages.at(-2)!.shots.some((shot) => shot.id === piece.id)).toBe(true);

    // Each gesture is one step: Ctrl+Z walks back through the stages one at a time, Ctrl+Shift+Z forward again.
    for (let stage = stages.length - 2; stage >= 0; stage -= 1) {
      await page.keyboard.press('Control+z');
      await expect.poll(() => readLane(page), { message: `undo back to stage ${String(stage)}` }).toEqual(stages[stage]);
    }
    expect(await undoTitle(page)).toBe('Undo add shot (Ctrl+Z)');
    for (let stage = 1; stage < stages.length; stage += 1) {
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => readLane(page), { message: `redo to stage ${String(stage)}` }).toEqual(stages[stage]);
      expect(await undoTitle(page)).toBe(titles[stage - 1]);
    }

    // The saved edit is the lane.
    const final = stages.at(-1)!;
    await expect
      .poll(async () => (await getProject(page.request, projectId)).editorState?.shots.map((shot) => ({ id: shot.id, in: shot.in, out: shot.out })))
      .toEqual(final.shots);
    saved = (await getProject(page.request, projectId)).editorState!;
    expect(saved.shots.map((shot) => shot.transition.kind)).toEqual([1, 2, 3].map((shot) => (shot === CROSSFADE_INTO ? 'crossfade' : 'cut')));
    expect(saved.shots[CROSSFADE_INTO - 1]?.transition.duration).toBe(0.5);
    expect(saved.shots.map((shot) => shot.mediaId)).toEqual([projectId, expect.any(String), continuation?.id]);
  }, 240_000);

  it('exports from the dialog: the file lasts the shots less the crossfade, each shot shows its own source, and the player shows the same frames', async () => {
    expect(saved, 'the sequence was built').toBeDefined();
    const { shots } = saved;
    const layout = layoutSequence(shots);
    // By hand from the saved edit: the shots' lengths less the transitions' overlaps.
    const lengths = shots.map((shot) => shot.out - shot.in);
    const overlaps = shots.map((_, index) => transitionSeconds(shots, index));
    const expected = lengths.reduce((sum, value) => sum + value, 0) - overlaps.reduce((sum, value) => sum + value, 0);
    expect(overlaps).toEqual([1, 2, 3].map((shot) => (shot === CROSSFADE_INTO ? 0.5 : 0)));
    expect(layout.duration).toBeCloseTo(expected, 9);

    // The export job as the dialog polls it: a failure's message is the evidence.
    const jobs: Array<{ status: string; errorMessage: string | null }> = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/export-jobs/')) return;
      void response.json().then((job: { status: string; errorMessage: string | null }) => jobs.push(job)).catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Video' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The smallest and quickest file the dialog offers.
    for (const [field, option] of [['Resolution', '720p'], ['Format', 'MP4'], ['Quality', 'Low']] as const) {
      await dialog.getByLabel(field).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // While the server renders: the player's frames at the moments compared.
    interface Moment {
      name: string;
      frame: number;
      away: number;
      /** The shot whose source shows there alone, for the source check. */
      shot?: number;
    }
    const moments: Moment[] = [];
    layout.spans.forEach((span, index) => {
      // A transition takes at most half of either shot: a shot's middle always shows it alone.
      const middle = frameIndex((span.start + span.end) / 2);
      moments.push({ name: `shot ${String(index + 1)} middle`, frame: middle, away: playerTime(middle) - 0.1, shot: index });
      if (index === 0) return;
      const joint = frameIndex(span.start);
      if (span.transitionIn > 0) {
        const midpoint = frameIndex(span.start + span.transitionIn / 2);
        moments.push({ name: `crossfade into shot ${String(index + 1)} midpoint`, frame: midpoint, away: playerTime(midpoint) - 0.1 });
      } else {
        moments.push({ name: `last frame before the cut into shot ${String(index + 1)}`, frame: joint - 1, away: playerTime(joint - 1) - 0.1 });
        moments.push({ name: `first frame after the cut into shot ${String(index + 1)}`, frame: joint, away: playerTime(joint) + 0.1 });
      }
    });
    const previews = new Map<string, RgbImage>();
    for (const moment of moments) {
      const file = path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-preview.png`);
      previews.set(moment.name, await screenshotFrame(page, playerTime(moment.frame), moment.away, file));
    }
    const playerSize = { width: previews.values().next().value!.width, height: previews.values().next().value!.height };

    // The export, downloaded from the dialog the header's chip opens.
    const chip = page.getByTestId('export-chip');
    // Bounds a hang; a failed job ends the wait too (the header shows Export again), and its message is the failure.
    await expect
      .poll(async () => (jobs.some((job) => job.status === 'failed') ? 'failed' : ((await chip.getAttribute('data-state', { timeout: 1000 }).catch(() => null)) ?? '')), {
        timeout: 180_000,
      })
      .toMatch(/^(ready|failed)$/);
    expect(jobs.filter((job) => job.status === 'failed'), 'the export job').toEqual([]);
    await chip.click();
    const download = dialog.getByRole('link', { name: 'Download Video' });
    await expect.poll(() => download.isVisible()).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const exported = path.join(workDir, 'sequence.mp4');
    await file.saveAs(exported);

    // Its length: the saved edit's, to a frame.
    const probe = ffprobe(exported);
    const video = probe.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    const length = Number(probe.format.duration);
    const report: string[] = [
      `Sequence export: ${shots.map((shot, index) => `shot ${String(index + 1)} ${shot.in}-${shot.out} s of ${shot.mediaId === projectId ? 'the project clip' : shot.mediaId}`).join(', ')}; transitions ${shots.map((shot) => shot.transition.kind).join(', ')}.`,
      `Length: ffprobe ${length.toFixed(4)} s, expected ${expected.toFixed(4)} s (sum of shots ${lengths.reduce((a, b) => a + b, 0).toFixed(3)} less overlaps ${overlaps.reduce((a, b) => a + b, 0).toFixed(3)}), off by ${Math.abs(length - expected).toFixed(4)} s (one frame ${(1 / FPS).toFixed(4)} s).`,
      '',
    ];
    expect.soft(Math.abs(length - expected), `length ${String(length)} s against ${String(expected)} s`).toBeLessThanOrEqual(1 / FPS);

    // Each shot's middle frame in the file against its source's frame there (both at SOURCE_SIZE).
    const shotMoments = moments.filter((moment) => moment.shot !== undefined);
    const exportedSmall = extractFrames(exported, shotMoments.map((moment) => moment.frame / FPS), FPS, SOURCE_SIZE);
    const sourceFrames = shotMoments.map((moment) => {
      const span = layout.spans[moment.shot!]!;
      const sourceTime = span.in + (moment.frame / FPS - span.start);
      const source = mediaMasterFile(dataDir, shots[moment.shot!]!.mediaId);
      return extractFrames(source, [sourceTime], FPS, SOURCE_SIZE).get(sourceTime)!;
    });
    report.push('| shot middle | export frame | mean abs diff vs its own source R / G / B | vs the other shots\' sources (max channel) |', '|---|---|---|---|');
    const sourceDiffs: number[] = [];
    const crossDiffs: number[] = [];
    for (const [index, moment] of shotMoments.entries()) {
      const frame = exportedSmall.get(moment.frame / FPS)!;
      const own = meanAbsDiff(frame, sourceFrames[index]!);
      const others = sourceFrames.flatMap((source, other) => (other === index ? [] : [Math.max(...meanAbsDiff(frame, source))]));
      sourceDiffs.push(Math.max(...own));
      crossDiffs.push(...others);
      await writePng(frame, path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-export-small.png`));
      await writePng(sourceFrames[index]!, path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-source.png`));
      report.push(`| ${moment.name} | ${String(moment.frame)} | ${format(own)} | ${others.map((value) => value.toFixed(1)).join(', ')} |`);
      expect.soft(Math.max(...own), `${moment.name}: the exported frame against its source`).toBeLessThan(MAX_SOURCE_DIFF);
    }
    expect(Math.min(...crossDiffs), 'the check tells one shot\'s source from another\'s').toBeGreaterThan(MAX_SOURCE_DIFF);

    // Parity: the player's frame against the file's at each moment (at the player's size).
    const exportedFrames = extractFrames(exported, moments.map((moment) => moment.frame / FPS), FPS, playerSize);
    report.push('', '| moment | frame (output s) | player vs export mean abs diff R / G / B |', '|---|---|---|');
    for (const moment of moments) {
      const a = previews.get(moment.name)!;
      const b = exportedFrames.get(moment.frame / FPS)!;
      const diff = meanAbsDiff(a, b);
      await writeDiffImage(a, b, path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-diff.png`));
      await writePng(b, path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-export.png`));
      report.push(`| ${moment.name} | ${String(moment.frame)} (${(moment.frame / FPS).toFixed(3)}) | ${format(diff)} |`);
      expect.soft(Math.max(...diff), `${moment.name}: player against export`).toBeLessThan(MAX_PARITY_DIFF);
    }
    // Control: the frames either side of the cut differ by far more than the threshold, so the cut is placed to the frame.
    const before = moments.find((moment) => moment.name.startsWith('last frame before'))!;
    const afterCut = moments.find((moment) => moment.name.startsWith('first frame after'))!;
    const swapped = Math.max(...meanAbsDiff(previews.get(before.name)!, exportedFrames.get(afterCut.frame / FPS)!));
    report.push('', `Control: the player's last frame before the cut against the export's first after it: ${swapped.toFixed(2)} (must exceed ${String(MAX_PARITY_DIFF)}).`);
    expect(swapped).toBeGreaterThan(MAX_PARITY_DIFF);
    fs.writeFileSync(path.join(reportDir, 'report.md'), `${report.join('\n')}\n`);
    console.log(report.join('\n'));
    console.log(`source diffs ${sourceDiffs.map((value) => value.toFixed(2)).join(', ')}`);
  }, 300_000);
});
