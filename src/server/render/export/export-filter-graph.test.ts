import { describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { WATERMARK_TEXT } from '../../../shared/product.ts';
import type { MediaProbe } from '../probe-media.ts';
import { type ExportCommand, type ExportInput, buildExportCommand as build } from './export-filter-graph.ts';
import { loadExportFont } from './export-fonts.ts';
import type { ExportSpec } from './export-spec.ts';

function probe(overrides: Partial<MediaProbe> = {}): MediaProbe {
  return {
    durationSeconds: 8,
    videoDurationSeconds: 8,
    width: 720,
    height: 1280,
    videoCodec: 'h264',
    pixelFormat: 'yuv420p',
    frameRate: 30,
    audioCodec: 'aac',
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    sizeBytes: 1_000_000,
    ...overrides,
  };
}

const input = (overrides: Partial<ExportInput> = {}): ExportInput => ({
  inputFile: '/data/in.mp4',
  outputFile: '/data/out.mp4',
  probe: probe(),
  workDir: '/tmp/job-1',
  fonts: loadExportFont,
  ...overrides,
});

const spec = (overrides: Partial<ExportSpec> = {}): ExportSpec => ({
  resolution: '1080p',
  format: 'mp4',
  quality: 'high',
  watermark: false,
  ...overrides,
});

function state(overrides: Partial<EditorState> = {}): EditorState {
  return { ...defaultEditorState(8), ...overrides };
}

/** The value after a flag, e.g. valueOf(args, '-t'). */
function valueOf(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index < 0 ? undefined : args[index + 1];
}

const graphs = new WeakMap<string[], string>();

/** buildExportCommand, remembering each command's graph by its args (the graph is a file the args name). */
function buildExportCommand(...parameters: Parameters<typeof build>): ExportCommand {
  const command = build(...parameters);
  graphs.set(command.args, command.filterGraph);
  return command;
}

function graphOf(args: string[]): string {
  return graphs.get(args) as string;
}

/** The filters of the graph, split at unescaped commas and semicolons. */
function filtersOf(args: string[]): string[] {
  return graphOf(args).split(/(?<!\\)[,;]\n?/);
}

describe('buildExportCommand', () => {
  it('trims accurately: -ss before the input, -t the trimmed length after it', () => {
    const { args, durationSeconds } = buildExportCommand(input(), state({ trim: { start: 1.25, end: 4.5 } }), spec());
    expect(durationSeconds).toBe(3.25);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(valueOf(args, '-ss')).toBe('1.25');
    expect(valueOf(args, '-t')).toBe('3.25');
    expect(args.lastIndexOf('-t')).toBeGreaterThan(args.indexOf('-i'));
    expect(valueOf(args, '-i')).toBe('/data/in.mp4');
    expect(args.at(-1)).toBe('/data/out.mp4');
  });

  it('clamps the trim to the clip, leaves out -ss at 0 and refuses an empty trim', () => {
    const whole = buildExportCommand(input(), state({ trim: { start: 0, end: 99 } }), spec());
    expect(whole.durationSeconds).toBe(8);
    expect(whole.args).not.toContain('-ss');
    expect(() => buildExportCommand(input(), state({ trim: { start: 3, end: 3 } }), spec())).toThrow(/empty/);
  });

  it('scales to the output size of the resolution and converts with BT.709 both ways', () => {
    const { args, width, height } = buildExportCommand(input(), state(), spec({ resolution: '1080p' }));
    expect([width, height]).toEqual([1080, 1920]);
    const filters = filtersOf(args);
    expect(filters[0]).toBe('[0:v:0]scale=w=1080:h=1920:in_color_matrix=bt709:in_range=tv');
    expect(filters[1]).toBe('format=gbrp');
    expect(filters).not.toContainEqual(expect.stringMatching(/^pad=/));
    expect(filters).toContain('scale=out_color_matrix=bt709:out_range=tv');
    expect(filters).toContain('format=yuv420p[v]');
    expect(args.join(' ')).toContain('-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv');
  });

  it("uses the source's own colour tags when it has them", () => {
    const { args } = buildExportCommand(input({ sourceColor: { matrix: 'bt601', range: 'pc' } }), state(), spec());
    expect(filtersOf(args)[0]).toContain('in_color_matrix=bt601:in_range=pc');
  });

  it('pads a source of another aspect with black, centred', () => {
    // 3:2 is nearest 16:9: 1080x720 with 100 px bars left and right.
    const { args, width, height } = buildExportCommand(input({ probe: probe({ width: 1500, height: 1000 }) }), state(), spec({ resolution: '720p' }));
    expect([width, height]).toEqual([1280, 720]);
    const filters = filtersOf(args);
    expect(filters[0]).toContain('scale=w=1080:h=720');
    expect(filters).toContain('pad=w=1280:h=720:x=100:y=0:color=black');
  });

  it('applies the grade, then the effect, with the CSS numbers, before the padding', () => {
    const { args } = buildExportCommand(
      input(),
      state({ visualEffect: 'vintage', colorGrading: { brightness: 120, contrast: 80, saturation: 150 } }),
      spec(),
    );
    const names = filtersOf(args).map((f) => f.split('=')[0]);
    expect(names.slice(1, 8)).toEqual(['format', 'lutrgb', 'colorchannelmixer', 'colorchannelmixer', 'lutrgb', 'colorchannelmixer', 'setsar']);
    const graph = graphOf(args);
    expect(graph).toContain('clip(clip(val*1.2\\,0\\,255)*0.8+25.5\\,0\\,255)'); // brightness(120%) contrast(80%)
    expect(graph).toContain('colorchannelmixer=rr=1.3935:rg=-0.3575:rb=-0.036'); // saturate(150%)
    expect(graph).toContain('colorchannelmixer=rr=0.72685:rg=0.34605:rb=0.08505'); // sepia(0.45)
    expect(graph).toContain('clip(clip(val*1.1-12.75\\,0\\,255)*0.95\\,0\\,255)'); // contrast(1.1) brightness(0.95)
    expect(graph).toContain('colorchannelmixer=rr=0.88195'); // saturate(0.85)
  });

  it('blurs with sigma = 8 reference px scaled to the output, over black beyond the edges', () => {
    const at720 = filtersOf(buildExportCommand(input(), state({ visualEffect: 'blur' }), spec({ resolution: '720p' })).args);
    expect(at720).toContain('pad=w=752:h=1312:x=16:y=16:color=black');
    expect(at720).toContain('gblur=sigma=5.33:steps=3');
    expect(at720).toContain('crop=w=720:h=1280:x=16:y=16');
    const at4k = graphOf(buildExportCommand(input(), state({ visualEffect: 'blur' }), spec({ resolution: '4K' })).args);
    expect(at4k).toContain('gblur=sigma=16:steps=3');
  });

  it('draws one drawtext per line from text files, with the font, size, outline and place of the preview', () => {
    const overlay = {
      ...newTextOverlay('a', 8),
      text: 'First line\n\nThird: it\'s 100%',
      fontFamily: 'Oswald' as const,
      fontSize: 60,
      color: '#FFD700',
      position: { x: 25, y: 40 },
      outline: { color: '#EF4444', thickness: 4 },
    };
    const { args, files } = buildExportCommand(input(), state({ textOverlays: [overlay] }), spec({ resolution: '720p' }));
    expect(files).toEqual([
      { path: '/tmp/job-1/overlay-1-line-1.txt', contents: 'First line' },
      { path: '/tmp/job-1/overlay-1-line-2.txt', contents: "Third: it's 100%" },
      { path: '/tmp/job-1/filter-graph.txt', contents: graphOf(args) },
    ]);
    const drawtexts = filtersOf(args).filter((f) => f.startsWith('drawtext='));
    expect(drawtexts).toHaveLength(2);
    const oswald = loadExportFont('oswald-bold.ttf').file;
    for (const drawtext of drawtexts) {
      expect(drawtext).toContain(`fontfile=\\'${oswald}\\'`);
      expect(drawtext).toContain(':expansion=none:');
      expect(drawtext).toContain(':fontsize=40:'); // 60 x 720/1080
      expect(drawtext).toContain(':fontcolor=0xFFD700:borderw=3:bordercolor=0xEF4444:'); // 4 x 2/3 -> 3 px
      expect(drawtext).toContain(':x=round(180-text_w/2):'); // 25% of 720
    }
    expect(drawtexts[0]).toContain('textfile=/tmp/job-1/overlay-1-line-1.txt');
    // lines 1.2 x 40 = 48 px apart, the blank one included
    const baselines = drawtexts.map((d) => Number(/:y=(\d+)-ascent/.exec(d)?.[1]));
    expect((baselines[1] as number) - (baselines[0] as number)).toBe(96);
    expect(graphOf(args)).not.toContain('Third');
  });

  it('stamps the watermark only when the spec asks for it', () => {
    const without = buildExportCommand(input(), state(), spec({ watermark: false }));
    expect(graphOf(without.args)).not.toContain('overlay=');
    expect(without.files.map((file) => file.path)).toEqual(['/tmp/job-1/filter-graph.txt']);
    const withMark = buildExportCommand(input(), state(), spec({ watermark: true }));
    expect(withMark.files).toContainEqual({ path: '/tmp/job-1/watermark.txt', contents: WATERMARK_TEXT });
    const graph = graphOf(withMark.args);
    const montserrat = loadExportFont('montserrat-extrabold.ttf').file;
    expect(graph).toContain(`fontfile=\\'${montserrat}\\'`);
    expect(graph).toContain('fontcolor=0xCCCCCC'); // the 0.8 opacity as alpha
    // drawn on a small canvas laid at (x, y): its right edge lands 36 px in from the frame's
    const canvasX = Number(/\[base\]\[text\]overlay=x=(\d+):y=\d+:format=gbrp,scale=out_color_matrix=bt709/.exec(graph)?.[1]);
    const textRight = Number(/x=round\((\d+)-text_w\)/.exec(graph)?.[1]);
    expect(canvasX + textRight).toBe(1080 - 36);
  });

  it('hands ffmpeg the graph in a file, so the argument list stays small whatever the editor state', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(49, 'W')).join('\n');
    const textOverlays = Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`o${i}`, 8), text: lines }));
    const { args, files, filterGraph } = buildExportCommand(input(), state({ textOverlays }), spec({ watermark: true }));
    expect(valueOf(args, '-filter_complex_script')).toBe('/tmp/job-1/filter-graph.txt');
    expect(args).not.toContain('-filter_complex');
    expect(files).toContainEqual({ path: '/tmp/job-1/filter-graph.txt', contents: filterGraph });
    expect(filterGraph.match(/drawtext=/g)).toHaveLength(500 + 2); // the watermark's canvas draws twice
    expect(args.join(' ').length).toBeLessThan(2000);
  });

  it('sets the volume, mutes, and gives a silent source a silent track', () => {
    expect(graphOf(buildExportCommand(input(), state({ audio: { volume: 0.35, isMuted: false } }), spec()).args)).toContain(
      '[0:a:0]volume=volume=0.35[a]',
    );
    expect(graphOf(buildExportCommand(input(), state({ audio: { volume: 0.35, isMuted: true } }), spec()).args)).toContain(
      '[0:a:0]volume=volume=0[a]',
    );
    const full = buildExportCommand(input(), state(), spec()).args;
    expect(graphOf(full)).toContain('[0:a:0]anull[a]');
    expect(full.join(' ')).toContain('-map [v] -map [a]');

    const silent = buildExportCommand(input({ probe: probe({ audioCodec: null }) }), state({ trim: { start: 1, end: 3 } }), spec()).args;
    expect(silent.join(' ')).toContain('-f lavfi -t 2 -i anullsrc=r=48000:cl=stereo');
    expect(silent.join(' ')).toContain('-map [v] -map 1:a:0');
    expect(graphOf(silent)).not.toContain('[0:a:0]');
  });

  it('encodes H.264 yuv420p + AAC with the CRF of the quality, in the chosen container', () => {
    const high = buildExportCommand(input(), state(), spec({ quality: 'high' })).args;
    expect(valueOf(high, '-c:v')).toBe('libx264');
    expect(valueOf(high, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(high, '-crf')).toBe('18');
    expect(valueOf(high, '-c:a')).toBe('aac');
    expect(valueOf(high, '-ar')).toBe('48000');
    expect(valueOf(high, '-ac')).toBe('2');
    expect(valueOf(high, '-movflags')).toBe('+faststart');
    expect(valueOf(high, '-f')).toBe('mp4');
    expect(valueOf(buildExportCommand(input(), state(), spec({ quality: 'medium' })).args, '-crf')).toBe('23');
    const mov = buildExportCommand(input({ outputFile: '/data/out.mov' }), state(), spec({ quality: 'low', format: 'mov' })).args;
    expect(valueOf(mov, '-crf')).toBe('28');
    expect(valueOf(mov, '-f')).toBe('mov');
  });
});
