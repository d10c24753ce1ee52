import { describe, expect, it } from 'vitest';
import { type EditorState, type Shot, defaultEditorState, newShot, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import type { MediaProbe } from '../probe-media.ts';
import { type ExportCommand, type ExportInput, buildExportCommand as build } from './export-filter-graph.ts';
import type { ExportSpec } from './export-spec.ts';
import { MAX_TEXT_PICTURES } from './overlay-images.ts';

function probe(overrides: Partial<MediaProbe> = {}): MediaProbe {
  return {
    durationSeconds: 8,
    videoDurationSeconds: 8,
    width: 720,
    height: 1280,
    videoCodec: 'h264',
    pixelFormat: 'yuv420p',
    frameRate: 30,
    nominalFrameRate: 30,
    audioCodec: 'aac',
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    sizeBytes: 1_000_000,
    ...overrides,
  };
}

/** A one-shot edit's input: its clip (media 'clip', `probe`) and where the export goes. */
const input = ({ probe: clipProbe = probe(), ...overrides }: Partial<ExportInput> & { probe?: MediaProbe } = {}): ExportInput => ({
  sources: new Map([['clip', { file: '/data/in.mp4', probe: clipProbe }]]),
  outputFile: '/data/out.mp4',
  workDir: '/tmp/job-1',
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
  return { ...defaultEditorState('clip', 8), ...overrides };
}

/** The 8 s clip cut to [start, end). */
function trimmed(start: number, end: number, overrides: Partial<EditorState> = {}): EditorState {
  return { ...clipEdit('clip', 8, { start, end }), ...overrides };
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
  it('trims accurately: -ss and -t before the input, -t the trimmed length after it', () => {
    const { args, durationSeconds } = buildExportCommand(input(), trimmed(1.25, 4.5), spec());
    expect(durationSeconds).toBe(3.25);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.indexOf('-t')).toBeLessThan(args.indexOf('-i'));
    expect(valueOf(args, '-ss')).toBe('1.25');
    expect(valueOf(args, '-t')).toBe('3.25');
    expect(valueOf(args.slice(args.indexOf('-i')), '-t')).toBe('3.25');
    expect(args.lastIndexOf('-t')).toBeGreaterThan(args.indexOf('-i'));
    expect(valueOf(args, '-i')).toBe('/data/in.mp4');
    expect(args.at(-1)).toBe('/data/out.mp4');
  });

  it('clamps the trim to the clip, leaves out -ss at 0 and refuses an empty trim', () => {
    const whole = buildExportCommand(input(), trimmed(0, 99), spec());
    expect(whole.durationSeconds).toBe(8);
    expect(whole.args).not.toContain('-ss');
    expect(() => buildExportCommand(input(), trimmed(3, 3), spec())).toThrow(/empty/);
  });

  it("keeps a platform's width limit: Instagram Reels at 4K is 1920 wide, not 2160", () => {
    const { args, width, height } = buildExportCommand(input(), state(), spec({ resolution: '4K', platform: 'instagram-reels' }));
    expect([width, height]).toEqual([1920, 3414]);
    // 720x1280 fitted inside is 1920x3413, padded to the even frame.
    expect(filtersOf(args)[0]).toMatch(/^\[0:v:0\]scale=w=1920:h=3413:/);
    expect(buildExportCommand(input(), state(), spec({ resolution: '4K', platform: 'tiktok' }))).toMatchObject({ width: 2160, height: 3840 });
  });

  it('scales to the output size of the resolution and converts with BT.709 both ways', () => {
    const { args, width, height } = buildExportCommand(input(), state(), spec({ resolution: '1080p' }));
    expect([width, height]).toEqual([1080, 1920]);
    const filters = filtersOf(args);
    expect(filters[0]).toBe('[0:v:0]scale=w=1080:h=1920:in_color_matrix=bt709:in_range=tv');
    expect(filters[1]).toBe('format=gbrp');
    expect(filters).not.toContainEqual(expect.stringMatching(/^pad=/));
    expect(filters).toContain('[joined]scale=out_color_matrix=bt709:out_range=tv');
    expect(filters).toContain('format=yuv420p[v]');
    expect(args.join(' ')).toContain('-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv');
    // One shot keeps its own frames: no rate conversion, padding in time or joining.
    expect(graphOf(args)).not.toMatch(/fps=|tpad|xfade|concat/);
  });

  it("uses the source's own colour tags when it has them", () => {
    const { args } = buildExportCommand(input({ probe: probe({ colorSpace: 'smpte170m', colorRange: 'pc' }) }), state(), spec());
    expect(filtersOf(args)[0]).toContain('in_color_matrix=bt601:in_range=pc');
  });

  it('tone-maps an HDR source to BT.709 before anything else, then reads it as BT.709 limited', () => {
    const hlg = probe({ colorSpace: 'bt2020nc', colorTransfer: 'arib-std-b67', colorPrimaries: 'bt2020', colorRange: 'tv' });
    const filters = filtersOf(buildExportCommand(input({ probe: hlg }), state(), spec()).args);
    expect(filters[0]).toBe('[0:v:0]zscale=tin=arib-std-b67:pin=bt2020:min=bt2020nc:rin=tv:t=linear:p=bt709:npl=203');
    expect(filters.slice(1, 5)).toEqual([
      'format=gbrpf32le',
      expect.stringMatching(/^tonemap=tonemap=mobius:/),
      'zscale=tin=linear:pin=bt709:t=bt709:p=bt709:m=bt709:r=tv',
      'format=yuv420p',
    ]);
    expect(filters[5]).toContain('in_color_matrix=bt709:in_range=tv');

    const sdr = filtersOf(buildExportCommand(input({ probe: probe({ colorTransfer: 'bt709' }) }), state(), spec()).args);
    expect(sdr.join(',')).not.toMatch(/zscale|tonemap/);
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
    expect(at720).toContain('[joined]pad=w=752:h=1312:x=16:y=16:color=black');
    expect(at720).toContain('gblur=sigma=5.33:steps=3');
    expect(at720).toContain('crop=w=720:h=1280:x=16:y=16');
    const at4k = graphOf(buildExportCommand(input(), state({ visualEffect: 'blur' }), spec({ resolution: '4K' })).args);
    expect(at4k).toContain('gblur=sigma=16:steps=3');
  });

  it('lays each overlay over the picture as PNGs drawn by the shared text code, only in its time range', () => {
    const overlay = {
      ...newTextOverlay('a', 8),
      text: 'First line\n\nThird: it\'s 100%',
      fontFamily: 'Oswald' as const,
      position: { x: 25, y: 40 },
      start: 1,
      end: 3,
    };
    const { args, images, files } = buildExportCommand(input(), state({ textOverlays: [overlay] }), spec({ resolution: '720p' }));
    expect(files.map((file) => file.path)).toEqual(['/tmp/job-1/filter-graph.txt']);
    expect(images).toHaveLength(1);
    const [still] = images;
    expect(still).toMatchObject({ file: '/tmp/job-1/overlay-1-%04d.png', from: 1, to: 3 });
    expect(still!.pictures).toHaveLength(1); // no animation: one picture, shown throughout
    // The PNG covers the text's box around (25 %, 40 %) of 720x1280.
    expect(still!.box.left).toBeLessThan(180);
    expect(still!.box.left + still!.box.width).toBeGreaterThan(180);
    expect(still!.box.top).toBeLessThan(512);
    expect(still!.box.top + still!.box.height).toBeGreaterThan(512);
    expect(args.join(' ')).toContain('-threads 1 -f image2 -pattern_type sequence -start_number 0 -i /tmp/job-1/overlay-1-%04d.png');
    expect(valueOf(args, '-i')).toBe('/data/in.mp4');
    const filters = filtersOf(args);
    expect(filters).toContainEqual(
      `[text0][1:v]overlay=x=${still!.box.left}:y=${still!.box.top}:format=gbrp:enable=\\'gte(t\\,1)*lt(t\\,3)\\'[text1]`,
    );
    expect(filters).toContain('[text1]scale=out_color_matrix=bt709:out_range=tv');
    expect(graphOf(args)).not.toContain('Third');
  });

  it('draws an entrance and an exit once per output frame and the steady state once, each stamped for its frame', () => {
    const overlay = {
      ...newTextOverlay('a', 8),
      start: 1,
      end: 4,
      enter: { kind: 'fade' as const, duration: 0.5 },
      exit: { kind: 'slide-up' as const, duration: 1 },
    };
    // 30 fps and a trim at 0.25 s: the output's frames fall at 1/60 + n/30 s.
    const { args, images } = buildExportCommand(input(), trimmed(0.25, 8, { textOverlays: [overlay] }), spec());
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image).toMatchObject({ file: '/tmp/job-1/overlay-1-%04d.png', from: 1, to: 4 });
    const drawnFor = image!.pictures.map((picture) => picture.drawnFor);
    expect(drawnFor).toHaveLength(15 + 1 + 30);
    for (const t of drawnFor) expect(Math.abs((t + 0.25) * 30 - Math.round((t + 0.25) * 30))).toBeLessThan(1e-6);
    expect(drawnFor[0]).toBeCloseTo(1 + 1 / 60, 9);
    expect(drawnFor[15]).toBeCloseTo(1.5 + 1 / 60, 9); // the steady state, shown until the exit starts
    expect(drawnFor[16]).toBeCloseTo(3 + 1 / 60, 9);
    // Each picture from half a frame before its frame, the first from the overlay's start.
    const shownFrom = image!.pictures.map((picture) => picture.shownFrom);
    expect(shownFrom[0]).toBeCloseTo(1, 9);
    expect(shownFrom[1]).toBeCloseTo(drawnFor[1]! - 1 / 60, 9);
    expect(shownFrom[16]).toBeCloseTo(3, 9);
    // The exit slides up, so the pictures' box reaches above the text's place.
    const box = image!.box;
    expect(box.height).toBeGreaterThan(0.05 * 1920);

    const graph = graphOf(args);
    // One linear piece from the first entrance picture through the steady one (all a frame apart), one for the exit.
    expect(graph).toContain(String.raw`[1:v]settb=AVTB,setpts=expr=\'(if(lt(N\,16)\,1+(N-0)/30\,3+(N-16)/30))/TB\'[image1]`);
    expect(graph).toContain(String.raw`[text0][image1]overlay=x=${box.left}:y=${box.top}:format=gbrp:enable=\'gte(t\,1)*lt(t\,4)\'[text1]`);
  });

  it('stamps the watermark only when the spec asks for it, over the whole output', () => {
    const without = buildExportCommand(input(), state(), spec({ watermark: false }));
    expect(graphOf(without.args)).not.toContain('overlay=');
    expect(without.images).toEqual([]);
    const withMark = buildExportCommand(input(), state(), spec({ watermark: true }));
    expect(withMark.images).toHaveLength(1);
    const [mark] = withMark.images;
    expect(mark!.file).toBe('/tmp/job-1/watermark-%04d.png');
    // bottom-right: the text's box ends 36 px in from the right and 44 px up from the bottom, plus the outline's 2 px and 2 of margin
    expect(mark!.box.left + mark!.box.width).toBeGreaterThan(1080 - 36);
    expect(mark!.box.left + mark!.box.width).toBeLessThanOrEqual(1080 - 36 + 6);
    expect(mark!.box.top + mark!.box.height).toBeLessThanOrEqual(1920 - 44 + 6);
    expect(filtersOf(withMark.args)).toContain(`[text0][1:v]overlay=x=${mark!.box.left}:y=${mark!.box.top}:format=gbrp[text1]`);
  });

  it('hands ffmpeg the graph in a file, so the argument list stays small whatever the editor state', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(49, 'W')).join('\n');
    const animated = { enter: { kind: 'pop' as const, duration: 3 }, exit: { kind: 'typewriter' as const, duration: 3 } };
    const textOverlays = Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`o${i}`, 8), text: lines, ...animated }));
    const { args, files, filterGraph, images } = buildExportCommand(input(), state({ textOverlays }), spec({ watermark: true }));
    expect(valueOf(args, '-filter_complex_script')).toBe('/tmp/job-1/filter-graph.txt');
    expect(args).not.toContain('-filter_complex');
    expect(files).toContainEqual({ path: '/tmp/job-1/filter-graph.txt', contents: filterGraph });
    expect(images).toHaveLength(50 + 1);
    // The drawing is bounded: 50 overlays moving 6 s each would be 9,050 pictures at 30 fps; the rate is
    // lowered until they fit. One such overlay alone is drawn at the full rate: 3 s at 30 fps each way, the steady state once.
    expect(images.reduce((sum, image) => sum + image.pictures.length, 0)).toBeLessThanOrEqual(MAX_TEXT_PICTURES);
    const alone = buildExportCommand(input(), state({ textOverlays: textOverlays.slice(0, 1) }), spec());
    expect(alone.images[0]!.pictures).toHaveLength(90 + 1 + 90);
    expect(filterGraph.match(/overlay=/g)).toHaveLength(50 + 1);
    expect(args.join(' ').length).toBeLessThan(10_000);
  });

  it('sets the volume, mutes, and gives a silent source a silent track of the trimmed length', () => {
    const sound = (shot: Partial<Shot>) => graphOf(buildExportCommand(input(), state({ shots: [{ ...newShot('shot-1', 'clip', 8), ...shot }] }), spec()).args);
    // The shot's 8 s of sound at its volume, then the limiter alone (no music: nothing is normalised).
    expect(sound({ volume: 0.35 })).toContain('channel_layouts=stereo,volume=volume=0.35,apad=whole_len=384000,atrim=end_sample=384000[shot0]');
    expect(sound({ volume: 0.35, muted: true })).toContain('channel_layouts=stereo,volume=volume=0,apad=whole_len=384000');
    const full = buildExportCommand(input(), state(), spec()).args;
    expect(graphOf(full)).toContain('channel_layouts=stereo,apad=whole_len=384000');
    expect(graphOf(full)).toContain('[shots]alimiter=');
    expect(full.join(' ')).toContain('-map [v] -map [a]');

    const silent = buildExportCommand(input({ probe: probe({ audioCodec: null }) }), trimmed(1, 3), spec()).args;
    expect(graphOf(silent)).toMatch(/^aevalsrc=exprs=0:channel_layout=stereo:sample_rate=48000:duration=2,.*\[shot0\];$/m);
    expect(silent.join(' ')).toContain('-map [v] -map [a]');
    expect(graphOf(silent)).not.toContain('[0:a:0]');
  });

  it('encodes H.264 yuv420p + AAC with the CRF of the quality (low: a set rate), in the chosen container', () => {
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
    // 0.05 bits per pixel of each 1080x1920 frame at 30 fps.
    expect(valueOf(mov, '-b:v')).toBe('3110k');
    expect(valueOf(mov, '-crf')).toBeUndefined();
    expect(valueOf(mov, '-f')).toBe('mov');
  });
});

/** Each input's file with the -ss and -t given before it. */
function inputsOf(args: string[]): Array<{ file: string; ss?: string; t?: string }> {
  const inputs: Array<{ file: string; ss?: string; t?: string }> = [];
  let from = 0;
  args.forEach((arg, index) => {
    if (arg !== '-i') return;
    const options = args.slice(from, index);
    inputs.push({ file: args[index + 1]!, ss: valueOf(options, '-ss'), t: valueOf(options, '-t') });
    from = index + 2;
  });
  return inputs;
}

describe('buildExportCommand for a sequence of shots', () => {
  // Clip a as before (720x1280, 30 fps, with sound); clip b landscape, 25 fps, without sound.
  const sequenceInput = input({
    sources: new Map([
      ['a', { file: '/data/a.mp4', probe: probe() }],
      ['b', { file: '/data/b.mp4', probe: probe({ width: 1280, height: 720, frameRate: 25, nominalFrameRate: 25, audioCodec: null }) }],
    ]),
  });
  const shot = (id: string, mediaId: string, [from, to]: [number, number], transition?: Shot['transition']): Shot => ({
    ...newShot(id, mediaId, 8),
    in: from,
    out: to,
    ...(transition ? { transition } : {}),
  });
  /** a 1–3 s, b 0.5–2.5 s crossfading in over 0.5 s, a 4–5.5 s cut in: on the output 0–2, 1.5–3.5 and 3.5–5. */
  const sequence = (kind: Shot['transition']['kind'] = 'crossfade') =>
    state({ shots: [shot('s1', 'a', [1, 3]), shot('s2', 'b', [0.5, 2.5], { kind, duration: 0.5 }), shot('s3', 'a', [4, 5.5])] });

  it('reads each shot as an input of its own, cut with -ss and -t, and lasts the shots less the overlap', () => {
    const { args, durationSeconds } = buildExportCommand(sequenceInput, sequence(), spec({ resolution: '720p' }));
    expect(durationSeconds).toBe(5);
    expect(inputsOf(args)).toEqual([
      { file: '/data/a.mp4', ss: '1', t: '2' },
      { file: '/data/b.mp4', ss: '0.5', t: '2' },
      { file: '/data/a.mp4', ss: '4', t: '1.5' },
    ]);
    expect(valueOf(args.slice(args.lastIndexOf('-i')), '-t')).toBe('5');
  });

  it("brings every shot to the first shot's frame and rate, exactly its length, and joins them: xfade at the crossfade, concat at the cut", () => {
    const { args, width, height } = buildExportCommand(sequenceInput, sequence(), spec({ resolution: '720p' }));
    expect([width, height]).toEqual([720, 1280]);
    const lines = graphOf(args).split(';\n');
    expect(lines).toContain(
      '[1:v:0]fps=fps=30,scale=w=720:h=405:in_color_matrix=bt709:in_range=tv,format=gbrp,pad=w=720:h=1280:x=0:y=437:color=black,setsar=1,' +
        'tpad=stop_mode=clone:stop_duration=2,trim=duration=2,setpts=PTS-STARTPTS,settb=AVTB[picture1]',
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\[2:v:0\]fps=fps=30,.*trim=duration=1\.5,setpts=PTS-STARTPTS,settb=AVTB\[picture2\]$/));
    // The crossfade starts where the incoming shot starts on the output.
    expect(lines).toContainEqual(expect.stringMatching(/^\[picture0\]\[picture1\]xfade=transition=fade:duration=0\.5:offset=1\.5\[\w+\]$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\[\w+\]\[picture2\]concat=n=2:v=1:a=0\[joined\]$/));
  });

  it.each([
    ['fade-black', 'fadeblack'],
    ['slide-left', 'slideleft'],
    ['slide-up', 'slideup'],
    ['zoom', 'zoomin'],
  ] as const)("makes a %s ffmpeg's xfade %s", (kind, transition) => {
    expect(graphOf(buildExportCommand(sequenceInput, sequence(kind), spec()).args)).toContain(`xfade=transition=${transition}:duration=0.5:offset=1.5`);
  });

  describe('on an ffmpeg without xfade (before 4.3)', () => {
    const withoutXfade = { ...sequenceInput, filters: { xfade: false, acrossfade: true } };
    const linesOf = (kind: Shot['transition']['kind']) => graphOf(buildExportCommand(withoutXfade, sequence(kind), spec({ resolution: '720p' })).args).split(';\n');

    it('cuts what came before at the shot’s start and the shot at the overlap, draws the overlap, and concatenates the three', () => {
      const lines = linesOf('crossfade');
      expect(lines.join('\n')).not.toContain('xfade');
      expect(lines).toEqual(
        expect.arrayContaining([
          '[picture0]split[joined1-kept][joined1-leaving]',
          '[joined1-kept]trim=end=1.5[joined1-head]',
          '[joined1-leaving]trim=start=1.5,setpts=PTS-STARTPTS[joined1-going]',
          '[picture1]split[joined1-entering][joined1-arriving]',
          '[joined1-entering]trim=end=0.5[joined1-coming]',
          '[joined1-arriving]trim=start=0.5,setpts=PTS-STARTPTS[joined1-rest]',
          '[joined1-head][joined1-mixed][joined1-rest]concat=n=3:v=1:a=0[joined1]',
          // The cut after it is a concat as before.
          '[joined1][picture2]concat=n=2:v=1:a=0[joined]',
        ]),
      );
    });

    it.each([
      ['crossfade', ['[joined1-coming]format=gbrap,fade=t=in:st=0:d=0.5:alpha=1[joined1-over]', '[joined1-going][joined1-over]overlay=format=gbrp[joined1-mixed]']],
      [
        'fade-black',
        [
          '[joined1-going]fade=t=out:st=0:d=0.1[joined1-dark]',
          '[joined1-coming]format=gbrap,fade=t=in:st=0.1:d=0.4:alpha=1[joined1-over]',
          '[joined1-dark][joined1-over]overlay=format=gbrp[joined1-mixed]',
        ],
      ],
      ['slide-left', ['[joined1-going][joined1-coming]hstack,crop=w=720:h=1280:x=720-floor(720*(1-t/0.5)):y=0[joined1-mixed]']],
      ['slide-up', ['[joined1-going][joined1-coming]vstack,crop=w=720:h=1280:x=0:y=1280-floor(1280*(1-t/0.5))[joined1-mixed]']],
      [
        'zoom',
        [
          '[joined1-going]split[joined1-near][joined1-far]',
          "[joined1-near]trim=end=0.25,zoompan=z=\\'1/max(0.1\\,(1-2*on/15)*(1-2*on/15)*(3-2*(1-2*on/15)))\\':x=iw/2-iw/zoom/2:y=ih/2-ih/zoom/2:d=1:s=720x1280:fps=30,setsar=1[joined1-zoomed]",
          '[joined1-far]trim=start=0.25,setpts=PTS-STARTPTS,crop=w=1:h=1:x=360:y=640,scale=w=720:h=1280:flags=neighbor,setsar=1[joined1-centre]',
          '[joined1-zoomed][joined1-centre]concat=n=2:v=1:a=0[joined1-dive]',
          '[joined1-coming]format=gbrap,fade=t=in:st=0.25:d=0.25:alpha=1[joined1-over]',
          '[joined1-dive][joined1-over]overlay=format=gbrp[joined1-mixed]',
        ],
      ],
    ] as const)('draws a %s from fades, overlay, stacks and zoompan', (kind, drawn) => {
      expect(linesOf(kind)).toEqual(expect.arrayContaining([...drawn]));
    });
  });
});
