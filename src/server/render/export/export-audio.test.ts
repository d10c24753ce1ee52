import { describe, expect, it } from 'vitest';
import { type EditorState, type MusicPlacement, defaultEditorState, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { integratedLoudnessFromMetadata } from '../measure-loudness.ts';
import type { MediaProbe } from '../probe-media.ts';
import { buildLoudnessPassCommand } from './export-audio.ts';
import { type ExportInput, buildExportCommand } from './export-filter-graph.ts';
import { normalisingGainDb } from './music-mix.ts';

const probe = (overrides: Partial<MediaProbe> = {}): MediaProbe => ({
  durationSeconds: 8, videoDurationSeconds: 8, width: 720, height: 1280, videoCodec: 'h264', pixelFormat: 'yuv420p', frameRate: 30, nominalFrameRate: 30,
  audioCodec: 'aac', formatName: 'mov,mp4,m4a,3gp,3g2,mj2', sizeBytes: 1_000_000, ...overrides,
});

const input = (overrides: Partial<ExportInput> = {}): ExportInput => ({
  inputFile: '/data/in.mp4', outputFile: '/data/out.mp4', probe: probe(), workDir: '/tmp/job-1',
  music: { file: '/tmp/job-1/music.m4a', durationSeconds: 30 }, ...overrides,
});

const music = (overrides: Partial<MusicPlacement> = {}): MusicPlacement => ({
  trackId: 't', start: 1, end: 7, trackIn: 2, trackOut: 4, volume: 0.5, fadeIn: 1, fadeOut: 0.5, loop: true, duck: true, ...overrides,
});

const state = (overrides: Partial<EditorState> = {}): EditorState => ({ ...defaultEditorState(8), music: music(), ...overrides });

const spec = { resolution: '720p', format: 'mp4', quality: 'low', watermark: false } as const;

/** The arguments just before `-i file`. */
function inputOptions(args: string[], file: string): string[] {
  const at = args.indexOf(file);
  return args.slice(at - 5, at - 1);
}

describe('the export’s audio with music', () => {
  it('reads the track as an audio-only input after the clip, before the text pictures', () => {
    const { args } = buildExportCommand(input(), state({ textOverlays: [newTextOverlay('a', 8)] }), spec);
    const inputs = args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []));
    expect(inputs[0]).toBe('/data/in.mp4');
    expect(inputs[1]).toBe('/tmp/job-1/music.m4a');
    expect(inputs[2]).toMatch(/\.png$/);
    // Only m4a's demuxers, and only as much of the track as the piece needs (it ends 4 s in).
    expect(inputOptions(args, '/tmp/job-1/music.m4a')).toEqual(['-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2', '-t', '5']);
  });

  it('cuts the piece, loops it within one piece of memory, cuts at the span, fades, sets its volume and places it', () => {
    const { filterGraph } = buildExportCommand(input(), state(), spec);
    // Piece 2..4 s of the track (96000 samples), span 1..7 s on the output: 6 s, two repeats after the first.
    expect(filterGraph).toContain('atrim=start_sample=96000:end_sample=192000,asetpts=PTS-STARTPTS,aloop=loop=2:size=96000');
    expect(filterGraph).toContain('atrim=end_sample=288000');
    expect(filterGraph).toContain('afade=t=in:st=0:d=1:curve=tri');
    expect(filterGraph).toContain('afade=t=out:st=5.5:d=0.5:curve=tri');
    expect(filterGraph).toContain("volume=volume=0.5,adelay=delays=\\'1000|1000\\',apad");
    expect(filterGraph).toContain('amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3');
  });

  it('does not loop a piece longer than its span', () => {
    const { filterGraph } = buildExportCommand(input(), state({ music: music({ trackOut: 20 }) }), spec);
    expect(filterGraph).not.toContain('aloop');
    expect(filterGraph).toContain('atrim=end_sample=288000');
  });

  it('ducks under the clip’s sound only when the clip has sound and is heard', () => {
    expect(buildExportCommand(input(), state(), spec).filterGraph).toMatch(/asplit=2\[clip-split\]\[key\].*\n[\s\S]*sidechaincompress=threshold=0.031623:ratio=8:attack=20:release=300/);
    expect(buildExportCommand(input(), state({ music: music({ duck: false }) }), spec).filterGraph).not.toContain('sidechaincompress');
    expect(buildExportCommand(input(), state({ audio: { volume: 1, isMuted: true } }), spec).filterGraph).not.toContain('sidechaincompress');
    const silent = buildExportCommand(input({ probe: probe({ audioCodec: null }) }), state(), spec);
    expect(silent.filterGraph).not.toContain('sidechaincompress');
    expect(silent.filterGraph).toMatch(/^\[1:a:0\]aresample=rematrix_maxval=1:first_pts=0,aformat/m);
    expect(silent.filterGraph).toMatch(/^\[2:a:0\]aformat/m);
  });

  it('applies the measured gain and a limiter after the mix, and maps the result', () => {
    const { args, filterGraph } = buildExportCommand({ ...input(), loudnessGainDb: -3.25 }, state(), spec);
    expect(filterGraph).toContain('[mix]volume=volume=-3.25dB,alimiter=limit=0.794328:attack=5:level=0,atrim=start_sample=1264,asetpts=PTS-STARTPTS[a]');
    expect(args.join(' ')).toContain('-map [v] -map [a]');
  });

  it('leaves the clip’s sound unnormalised when no music is heard, only mixed down and limited', () => {
    for (const editorState of [state({ music: null }), state({ music: music({ start: 9, end: 10 }) })]) {
      const command = buildExportCommand(input(), editorState, spec);
      expect(command.filterGraph).toContain(
        '[0:a:0]aresample=rematrix_maxval=1:first_pts=0,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,alimiter=limit=0.794328:attack=5:level=0,atrim=start_sample=1264,asetpts=PTS-STARTPTS[a]',
      );
      expect(command.filterGraph).not.toMatch(/volume=|amerge/);
      expect(buildLoudnessPassCommand(input(), editorState)).toBeNull();
    }
  });

  it('measures the same mix without the video in the loudness pass', () => {
    const pass = buildLoudnessPassCommand(input(), state({ trim: { start: 1, end: 5 } }))!;
    expect(pass.args.slice(0, 6)).toEqual(['-ss', '1', '-format_whitelist', expect.any(String), '-i', '/data/in.mp4']);
    expect(pass.args.slice(-8)).toEqual(['-map', '[a]', '-vn', '-t', '4', '-f', 'null', '-']);
    const graph = pass.files[0]!.contents;
    expect(graph).toContain('[mix]ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=/tmp/job-1/loudness.txt[a]');
    // Up to the mix, the very graph of the main pass.
    const mixLines = (lines: string) => lines.split(';\n').filter((line) => !line.startsWith('[0:v:0]') && !line.startsWith('[mix]'));
    expect(mixLines(graph)).toEqual(mixLines(buildExportCommand(input(), state({ trim: { start: 1, end: 5 } }), spec).filterGraph));
    expect(mixLines(graph)).toHaveLength(6);
  });
});

describe('the normalising gain', () => {
  it('reads the last running value ebur128 wrote', () => {
    const text = 'frame:0    pts:0       pts_time:0\nlavfi.r128.I=-70.000\nframe:1    pts:1024    pts_time:0.0213\nlavfi.r128.I=-19.512\n';
    expect(integratedLoudnessFromMetadata(text)).toBe(-19.512);
    expect(integratedLoudnessFromMetadata('')).toBe(-Infinity);
  });

  it('brings the mix to -14 LUFS, leaves silence alone and lifts a quiet mix by 24 dB at most', () => {
    expect(normalisingGainDb(-19.5)).toBeCloseTo(5.5);
    expect(normalisingGainDb(-8)).toBeCloseTo(-6);
    expect(normalisingGainDb(-70)).toBe(0);
    expect(normalisingGainDb(-Infinity)).toBe(0);
    expect(normalisingGainDb(-60)).toBe(24);
  });
});
