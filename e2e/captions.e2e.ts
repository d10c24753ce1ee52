import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import SrtParser from 'srt-parser-2';
import { WebVTTParser } from 'webvtt-parser';
import entities from 'webvtt-parser/html-entities.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CaptionLine, type CaptionTrack, trackWords } from '../src/shared/captions/caption-track.ts';
import { type CaptionLayout, layoutCaption } from '../src/shared/captions/draw-captions.ts';
import { scriptWords } from '../src/shared/speech/timed-word.ts';
import { registerCanvasFonts } from '../src/server/render/export/canvas-fonts.ts';
import { expectAccessible } from './support/axe.ts';
import { artifactsDir, connectBrowser, newPage } from './support/browser.ts';
import { openEditor, showFrameAt } from './support/editor-page.ts';
import { type Region, type RgbImage, decodePng, extractFrames, ffprobe, meanAbsDiff, writeDiffImage, writePng } from './support/media.ts';
import { makeTaggedClip } from './support/sequence.ts';
import { getProject, setUser, signUp, uploadReadyProject } from './support/studio.ts';

/**
 * Issue 27's captions, end to end: a script spoken by an offline voice, captions made from the voice-over, the
 * karaoke look, and the export from the dialog with the captions burned in. The exported frame shows the spoken
 * word highlighted at its time, as the player does at the same frames (either side of a word boundary), and the
 * dialog's SRT and WebVTT files parse with the same words.
 */

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const reportDir = path.join(artifactsDir, 'captions');

/** Five words, no short ones: the karaoke look's three a line puts the first three on one line. */
const SCRIPT = 'Golden waves crashing ashore tonight';
/** The word whose highlight is looked for; the words before and after it are on its line. */
const K = 1;
/** Flite's voice: the quickest offline one. */
const VOICE = 'Kal (offline)';
/** The uploaded clip and so the export: 24 fps. */
const FPS = 24;
const CLIP_SECONDS = 3;

/** The karaoke preset's highlight, #FFD700, on white words with a black outline; the half-saturated test pattern has no pixel like it. */
const isGold = (r: number, g: number, b: number) => r > 200 && g > 170 && g < 245 && b < 90;
const isWhite = (r: number, g: number, b: number) => r > 215 && g > 215 && b > 215;
/**
 * Fewest highlight pixels a lit word has, and most an unlit one may have. Measured at the player's size (340 px
 * wide): a lit word of this line has 550-770 gold pixels in either frame, an unlit one 0-1.
 */
const LIT_PIXELS = 40;
const UNLIT_PIXELS = 3;
/**
 * Mean absolute difference per channel (the worst) between the player and the exported frame over the caption
 * line's box, and over each word's box in it. Text is all edges, drawn at the player's size in the page and at
 * 720 px, x264-encoded and scaled down in the export: export.e2e.ts's MAX_TEXT_DIFF for one overlay's box.
 * Measured: 11-13 over the line, 21-22 over a word; a word lit in one and not in the other measures about 80 (the
 * control below). The whole frame is reported, not asserted: sequence.e2e.ts holds the video's parity.
 */
const MAX_TEXT_DIFF = 35;

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await connectBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-captions-'));
  fs.mkdirSync(reportDir, { recursive: true });
  registerCanvasFonts();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** The time to type into the player for frame `n`: n/FPS rounded up to the millisecond the time field takes. */
const playerTime = (n: number) => Math.ceil((n / FPS) * 1000 - 1e-6) / 1000;

function format(diff: readonly number[]): string {
  return diff.map((value) => value.toFixed(2)).join(' / ');
}

/** The box a word's glyphs are drawn in (draw-captions.test.ts's), clipped to the frame. */
function wordBox(layout: CaptionLayout, index: number, frame: { width: number; height: number }): Region {
  const placed = layout.words.find((word) => word.index === index);
  if (!placed) throw new Error(`word ${String(index)} is not on the line`);
  return {
    x0: Math.max(0, Math.floor(placed.left)),
    y0: Math.max(0, Math.floor(placed.baseline - layout.fontSize)),
    x1: Math.min(frame.width, Math.ceil(placed.left + placed.width)),
    y1: Math.min(frame.height, Math.ceil(placed.baseline + 0.3 * layout.fontSize)),
  };
}

function countPixels(image: RgbImage, box: Region, matches: (r: number, g: number, b: number) => boolean): number {
  let count = 0;
  for (let y = box.y0; y < box.y1; y += 1) {
    for (let x = box.x0; x < box.x1; x += 1) {
      const i = (y * image.width + x) * 3;
      if (matches(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)) count += 1;
    }
  }
  return count;
}

/** The player frame at whole-pixel coordinates and size, so a screenshot of it is not resampled. */
async function wholePixelFrame(page: Page): Promise<void> {
  const frame = page.getByTestId('editor-frame');
  const whole = (box: { x: number; y: number; width: number; height: number } | null) => box !== null && [box.x, box.y, box.width, box.height].every((value) => value % 1 === 0);
  for (let attempt = 0; attempt < 8 && !whole(await frame.boundingBox()); attempt += 1) {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width, height: viewport.height + 1 });
    // The frame is measured by a ResizeObserver: its new size lands on a later frame.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }
  expect(whole(await frame.boundingBox()), 'the player frame at whole pixels').toBe(true);
}

/** The file a click starts downloading, with its name, as text. */
async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(workDir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

describe('captions from a voice-over, from the editor to the exported file', () => {
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, baseUrl));
    const username = await signUp(page.request, 'captions');
    // Pro: voice-overs and captions are free, and the export has no watermark over the captions.
    setUser(dataDir, username, { subscription: 'pro' });
    projectId = await uploadReadyProject(page.request, makeTaggedClip(workDir, 'clip.mp4', { seconds: CLIP_SECONDS }), 'Captions');
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('speaks a script, captions it in the karaoke look, and exports the spoken word highlighted at its time, as the player shows it', async () => {
    await openEditor(page, projectId, { readyState: 2 });

    // "Write it for me" fills the empty box with a draft sized to the 3 s clip; the creator's own script then replaces it.
    const scriptBox = page.getByRole('textbox', { name: 'Script', exact: true });
    // Issue 42.17: with the box empty, Generate is greyed out and says why.
    const generate = page.getByRole('button', { name: 'Generate voice-over' });
    expect(await generate.isDisabled()).toBe(true);
    expect(await generate.getAttribute('aria-describedby')).toBe('voice-script-hint');
    expect(await page.locator('#voice-script-hint').innerText()).toBe('Write a script first, or let “Write it for me” draft one.');
    await page.getByRole('button', { name: 'Write it for me' }).click();
    await expect.poll(() => scriptBox.inputValue(), { timeout: 30_000 }).not.toBe('');
    expect((await scriptBox.inputValue()).split(/\s+/).length, 'a draft a 3 s clip has time to speak').toBeLessThanOrEqual(7);

    // The voice-over: a script, a voice, Generate; placed on the voice lane when it is ready.
    await scriptBox.fill(SCRIPT);
    await page.getByRole('combobox', { name: 'Voice', exact: true }).click();
    await page.getByRole('option', { name: VOICE, exact: true }).click();
    await page.getByRole('button', { name: 'Generate voice-over' }).click();
    // Bounds a hang: the button reads Regenerate once the voice-over is on the lane.
    await expect.poll(() => page.getByRole('button', { name: 'Regenerate voice-over' }).count(), { timeout: 90_000 }).toBe(1);

    // Captions from the voice-over's own word times, then the karaoke look picked from the presets.
    // The panel, open since the editor opened, follows the edit: the new voice-over is where the words come from.
    await expect.poll(() => page.getByRole('radiogroup', { name: 'Words from' }).getByRole('radio', { name: 'Voice-over' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Make captions' }).click();
    const presets = page.getByRole('radiogroup', { name: 'Caption preset' });
    await expect.poll(() => presets.count(), { timeout: 60_000 }).toBe(1);
    await presets.getByRole('radio', { name: 'Pop' }).click();
    await expect.poll(() => presets.getByRole('radio', { name: 'Pop' }).getAttribute('aria-checked')).toBe('true');
    await presets.getByRole('radio', { name: 'Karaoke' }).click();
    await expect.poll(() => presets.getByRole('radio', { name: 'Karaoke' }).getAttribute('aria-checked')).toBe('true');
    // The Voice and Captions panels filled in, the voice and captions lanes on the timeline: checked here, where they first show.
    await expectAccessible(page, 'editor with a voice-over and captions');

    // The saved edit: the script's words, in the karaoke look, on the voice-over's times.
    await expect.poll(async () => (await getProject(page.request, projectId)).editorState?.captions?.style.look).toBe('karaoke');
    const captions: CaptionTrack = (await getProject(page.request, projectId)).editorState!.captions!;
    const words = trackWords(captions);
    expect(words.map((word) => word.text)).toEqual(scriptWords(SCRIPT));
    const line: CaptionLine = captions.lines.find((candidate) => candidate.words.includes(words[K]!))!;
    const at = line.words.indexOf(words[K]!);
    expect(line.words[at - 1], 'the word before is on the line').toBe(words[K - 1]);
    expect(line.words[at + 1], 'the word after is on the line').toBe(words[K + 1]);
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    }
    expect(words.at(-1)!.end).toBeLessThanOrEqual(CLIP_SECONDS);

    // The moments compared, as frames: either side of word K's start, its middle, and the next word's middle.
    const spoken = words[K]!;
    const next = words[K + 1]!;
    // The last frame both the player (at the time typed, up to a millisecond later) and the file show before word K ...
    let lastBefore = Math.floor(spoken.start * FPS);
    while (playerTime(lastBefore) >= spoken.start) lastBefore -= 1;
    // ... and the first both show in it.
    const firstIn = Math.ceil(spoken.start * FPS - 1e-9);
    const moments = [
      { name: 'last frame before the word', frame: lastBefore, lit: K - 1 },
      { name: 'first frame of the word', frame: firstIn, lit: K },
      { name: 'middle of the word', frame: Math.round(((spoken.start + spoken.end) / 2) * FPS), lit: K },
      { name: 'middle of the next word', frame: Math.round(((next.start + next.end) / 2) * FPS), lit: K + 1 },
    ];
    for (const moment of moments) {
      const lit = words[moment.lit]!;
      expect(moment.frame / FPS, `${moment.name}: in word ${String(moment.lit)}`).toBeGreaterThanOrEqual(lit.start);
      expect(playerTime(moment.frame), `${moment.name}: in word ${String(moment.lit)}`).toBeLessThan(words[moment.lit + 1]?.start ?? Infinity);
    }

    // The export from the dialog: the smallest file it offers, the captions burned in; the subtitle files beside it.
    // Its job as the dialog polls it: a failure's message is the evidence.
    const failures: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/export-jobs/')) return;
      void response
        .json()
        .then((job: { status: string; errorMessage: string | null }) => job.status === 'failed' && failures.push(job.errorMessage ?? 'failed'))
        .catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Video' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const [field, option] of [['Resolution', '720p'], ['Format', 'MP4'], ['Quality', 'Low']] as const) {
      await dialog.getByLabel(field).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    expect(await dialog.getByRole('checkbox', { name: 'Burn the captions into the video' }).isChecked()).toBe(true);
    const srt = await downloadText(page, () => dialog.getByRole('button', { name: 'SRT' }).click());
    const vtt = await downloadText(page, () => dialog.getByRole('button', { name: 'WebVTT' }).click());
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The subtitle files: each line a cue with its words, read by a parser of each format.
    const lineTexts = captions.lines.map((candidate) => candidate.words.map((word) => word.text).join(' '));
    expect(srt.name).toMatch(/\.srt$/);
    expect(new SrtParser().fromSrt(srt.text).map((cue) => cue.text)).toEqual(lineTexts);
    expect(vtt.name).toMatch(/\.vtt$/);
    const parsed = new WebVTTParser(entities).parse(vtt.text, 'metadata');
    expect(parsed.errors).toEqual([]);
    // Times to the millisecond, as the files write them.
    expect(parsed.cues.map((cue) => Math.round(cue.startTime * 1000))).toEqual(captions.lines.map((candidate) => Math.round(candidate.words[0]!.start * 1000)));
    const cueWords = parsed.cues.map((cue) => (cue.tree.children ?? []).flatMap((node) => (node.type === 'text' ? String(node.value).trim().split(/\s+/) : [])).join(' '));
    expect(cueWords).toEqual(lineTexts);

    // While the server renders: the player's frames at the moments compared.
    await wholePixelFrame(page);
    const previews: RgbImage[] = [];
    for (const moment of moments) {
      const file = path.join(reportDir, `${moment.name.replaceAll(' ', '-')}-preview.png`);
      await showFrameAt(page, playerTime(moment.frame));
      previews.push(await decodePng(await page.getByTestId('editor-frame').screenshot({ path: file })));
    }
    const size = { width: previews[0]!.width, height: previews[0]!.height };

    // The file, from the header's chip once the render is done.
    const chip = page.getByTestId('export-chip');
    // Bounds a hang; a failed job ends the wait too (the header shows Export again).
    await expect
      .poll(async () => (failures.length > 0 ? 'failed' : ((await chip.getAttribute('data-state', { timeout: 1000 }).catch(() => null)) ?? '')), { timeout: 120_000 })
      .toMatch(/^(ready|failed)$/);
    expect(failures, 'the export job').toEqual([]);
    await chip.click();
    const downloadLink = dialog.getByRole('link', { name: 'Download Video' });
    await expect.poll(() => downloadLink.isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    const exported = path.join(workDir, 'captions.mp4');
    await download.saveAs(exported);
    const video = ffprobe(exported).streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    const frames = extractFrames(exported, moments.map((moment) => moment.frame / FPS), FPS, size);

    // Where each word of the line is drawn at this size: the layout the player and the export draw with.
    const layout = layoutCaption(createCanvas(size.width, size.height).getContext('2d'), line.words, captions.style, size);
    const boxes = line.words.map((_, index) => wordBox(layout, index, size));
    // The line's rows with room for the outline and the glyphs past the line box (the export's captionBox).
    const margin = 0.5 * layout.fontSize + captions.style.outline.thickness * layout.scale;
    const lineBox: Region = {
      x0: Math.max(0, Math.floor(Math.min(...layout.rows.map((row) => row.left)) - margin)),
      y0: Math.max(0, Math.floor(layout.rows[0]!.top - margin)),
      x1: Math.min(size.width, Math.ceil(Math.max(...layout.rows.map((row) => row.left + row.width)) + margin)),
      y1: Math.min(size.height, Math.ceil(layout.rows.at(-1)!.top + layout.lineBox + margin)),
    };
    const lineIndex = (word: number) => word - K + at;

    const report = [
      `Captions: "${SCRIPT}" by ${VOICE}; words ${words.map((word) => `${word.text} ${word.start.toFixed(3)}-${word.end.toFixed(3)}`).join(', ')}; player frame ${String(size.width)}x${String(size.height)}.`,
      '',
      '| moment | frame (s) | lit word | gold px in words (player) | gold px in words (export) | frame diff R / G / B | line diff R / G / B | worst word diff |',
      '|---|---|---|---|---|---|---|---|',
    ];
    for (const [index, moment] of moments.entries()) {
      const preview = previews[index]!;
      const exportFrame = frames.get(moment.frame / FPS)!;
      const name = moment.name.replaceAll(' ', '-');
      await writePng(exportFrame, path.join(reportDir, `${name}-export.png`));
      await writeDiffImage(preview, exportFrame, path.join(reportDir, `${name}-diff.png`));
      const goldPreview = boxes.map((box) => countPixels(preview, box, isGold));
      const goldExport = boxes.map((box) => countPixels(exportFrame, box, isGold));
      const diff = meanAbsDiff(preview, exportFrame);
      const lineDiff = meanAbsDiff(preview, exportFrame, { inside: lineBox });
      const wordDiffs = boxes.map((box) => Math.max(...meanAbsDiff(preview, exportFrame, { inside: box })));
      report.push(
        `| ${moment.name} | ${String(moment.frame)} (${(moment.frame / FPS).toFixed(3)}) | ${words[moment.lit]!.text} | ${goldPreview.join(', ')} | ${goldExport.join(', ')} | ${format(diff)} | ${format(lineDiff)} | ${Math.max(...wordDiffs).toFixed(2)} |`,
      );

      // The highlight is on the word spoken then and on no other word of the line, in the file and in the player.
      const lit = lineIndex(moment.lit);
      for (const [side, gold, image] of [['export', goldExport, exportFrame], ['player', goldPreview, preview]] as const) {
        gold.forEach((count, word) => {
          if (word === lit) expect.soft(count, `${moment.name}: ${side}: word ${line.words[word]!.text} lit`).toBeGreaterThan(LIT_PIXELS);
          else expect.soft(count, `${moment.name}: ${side}: word ${line.words[word]!.text} not lit`).toBeLessThanOrEqual(UNLIT_PIXELS);
        });
        // The unlit words are drawn, in the base colour.
        boxes.forEach((box, word) => {
          if (word !== lit) expect.soft(countPixels(image, box, isWhite), `${moment.name}: ${side}: word ${line.words[word]!.text} drawn white`).toBeGreaterThan(LIT_PIXELS);
        });
      }
      // Parity: the player's caption is the file's, over its line and over each of its words.
      expect.soft(Math.max(...lineDiff), `${moment.name}: player against export, the line`).toBeLessThan(MAX_TEXT_DIFF);
      expect.soft(Math.max(...wordDiffs), `${moment.name}: player against export, worst word`).toBeLessThan(MAX_TEXT_DIFF);
    }
    // Control: the player's last frame before the word against the file's first in it differs where the highlight moved.
    const boundary = boxes[lineIndex(K)]!;
    const swapped = Math.max(...meanAbsDiff(previews[0]!, frames.get(moments[1]!.frame / FPS)!, { inside: boundary }));
    report.push('', `Control: the player's last frame before the word against the export's first in it, over the word: ${swapped.toFixed(2)} (must exceed ${String(MAX_TEXT_DIFF)}).`);
    fs.writeFileSync(path.join(reportDir, 'report.md'), `${report.join('\n')}\n`);
    console.log(report.join('\n'));
    expect(swapped).toBeGreaterThan(MAX_TEXT_DIFF);

    // The timeline: the voice-over's bar, and the captions lane with a piece per word, whose edges and lines edit.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole('slider', { name: 'Voice-over timing' }).count()).toBe(1);
    const captionLane = page.getByRole('group', { name: 'Captions', exact: true });
    const pieces = captionLane.getByRole('button', { name: /^Caption word / });
    expect(await pieces.count()).toBe(words.length);
    const lineCount = await captionLane.getByRole('group', { name: /^Caption line / }).count();
    const piece = captionLane.locator(`[data-caption-word="${spoken.text}"]`);
    await piece.focus();
    await page.keyboard.press('/');
    await expect.poll(() => captionLane.getByRole('group', { name: /^Caption line / }).count()).toBe(lineCount + 1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => captionLane.getByRole('group', { name: /^Caption line / }).count()).toBe(lineCount);
    // Word K's end edge dragged left: the word ends earlier (its label says so), one undo step puts it back.
    const before = await piece.getAttribute('aria-label');
    const edge = (await piece.locator('[data-edge="end"]').boundingBox())!;
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 - 6, edge.y + edge.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => piece.getAttribute('aria-label')).not.toBe(before);
    await page.keyboard.press('Control+z');
    await expect.poll(() => piece.getAttribute('aria-label')).toBe(before);
  }, 180_000);
});
