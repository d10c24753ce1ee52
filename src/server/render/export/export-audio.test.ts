import { describe, expect, it } from 'vitest';
import { type AudioClip, type EditorState, type MusicClip, type Shot, defaultEditorState, newShot, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { integratedLoudnessFromMetadata } from '../measure-loudness.ts';
import type { MediaProbe } from '../probe-media.ts';
import { buildLoudnessPassCommand } from './export-audio.ts';
import { type ExportInput, buildExportCommand } from './export-filter-graph.ts';
import { buildSoundRewriteCommand, peakCutDb } from './export-true-peak.ts';
import { normalisingGainDb } from './music-mix.ts';

const probe = (overrides: Partial<MediaProbe> = {}): MediaProbe => ({
  durationSeconds: 8, videoDurationSeconds: 8, width: 720, height: 1280, videoCodec: 'h264', pixelFormat: 'yuv420p', frameRate: 30, nominalFrameRate: 30,
  audioCodec: 'aac', formatName: 'mov,mp4,m4a,3gp,3g2,mj2', sizeBytes: 1_000_000, ...overrides,
});

/** A one-shot edit's input (its clip is media 'clip', `probe`) with track 't' downloaded. */
const input = ({ probe: clipProbe = probe(), ...overrides }: Partial<ExportInput> & { probe?: MediaProbe } = {}): ExportInput => ({
  sources: new Map([['clip', { file: '/data/in.mp4', probe: clipProbe }]]), outputFile: '/data/out.mp4', workDir: '/tmp/job-1',
  music: new Map([['t', { file: '/tmp/job-1/music.m4a', durationSeconds: 30 }]]), ...overrides,
});

const music = (overrides: Partial<MusicClip> = {}): MusicClip => ({
  id: 'm', lane: 'music', source: { trackId: 't' }, start: 1, end: 7, sourceIn: 2, sourceOut: 4, volume: 0.5, fadeIn: 1, fadeOut: 0.5, loop: true, duck: true,
  ...overrides,
});

const state = (overrides: Partial<EditorState> = {}): EditorState => ({ ...defaultEditorState('clip', 8), audioClips: [music()], ...overrides });
const withMusic = (...clips: AudioClip[]) => state({ audioClips: clips });

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
    const { filterGraph } = buildExportCommand(input(), withMusic(music({ sourceOut: 20 })), spec);
    expect(filterGraph).not.toContain('aloop');
    expect(filterGraph).toContain('atrim=end_sample=288000');
  });

  it('ducks under the clip’s sound only when the clip has sound and is heard', () => {
    expect(buildExportCommand(input(), state(), spec).filterGraph).toMatch(/asplit=2\[clip-split\]\[key\].*\n[\s\S]*sidechaincompress=threshold=0.031623:ratio=8:attack=20:release=300/);
    expect(buildExportCommand(input(), withMusic(music({ duck: false })), spec).filterGraph).not.toContain('sidechaincompress');
    const muted = state({ shots: [{ ...newShot('shot-1', 'clip', 8), muted: true }] });
    expect(buildExportCommand(input(), muted, spec).filterGraph).not.toContain('sidechaincompress');
    const silent = buildExportCommand(input({ probe: probe({ audioCodec: null }) }), state(), spec);
    expect(silent.filterGraph).not.toContain('sidechaincompress');
    expect(silent.filterGraph).toMatch(/^aevalsrc=exprs=0:channel_layout=stereo:sample_rate=48000:duration=8,aresample=rematrix_maxval=1:first_pts=0,aformat/m);
    expect(silent.filterGraph).toMatch(/^\[1:a:0\]aformat/m);
  });

  it('applies the measured gain and a limiter after the mix, and maps the result', () => {
    const { args, filterGraph } = buildExportCommand({ ...input(), loudnessGainDb: -3.25 }, state(), spec);
    expect(filterGraph).toContain('[mix]volume=volume=-3.25dB,alimiter=limit=0.794328:attack=5:level=0,atrim=start_sample=1264,asetpts=PTS-STARTPTS[a]');
    expect(args.join(' ')).toContain('-map [v] -map [a]');
  });

  it('leaves the clip’s sound unnormalised when no music is heard, only mixed down and limited', () => {
    // No music, music after the output's end, music whose track was not downloaded.
    const cases = [[input(), withMusic()], [input(), withMusic(music({ start: 9, end: 10 }))], [input({ music: new Map() }), state()]] as const;
    for (const [exportInput, editorState] of cases) {
      const command = buildExportCommand(exportInput, editorState, spec);
      expect(command.filterGraph).toContain(
        '[0:a:0]aresample=rematrix_maxval=1:first_pts=0,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad=whole_len=384000,atrim=end_sample=384000[shot0]',
      );
      expect(command.filterGraph).toContain('[shots]alimiter=limit=0.794328:attack=5:level=0,atrim=start_sample=1264,asetpts=PTS-STARTPTS[a]');
      expect(command.filterGraph).not.toMatch(/volume=|amerge/);
      expect(buildLoudnessPassCommand(exportInput, editorState)).toBeNull();
    }
  });

  it('measures the same mix without the video in the loudness pass', () => {
    const cut = { ...clipEdit('clip', 8, { start: 1, end: 5 }), audioClips: [music()] };
    const pass = buildLoudnessPassCommand(input(), cut)!;
    expect(pass.args.slice(0, 8)).toEqual(['-ss', '1', '-t', '4', '-format_whitelist', expect.any(String), '-i', '/data/in.mp4']);
    expect(pass.args.slice(-8)).toEqual(['-map', '[a]', '-vn', '-t', '4', '-f', 'null', '-']);
    const graph = pass.files[0]!.contents;
    expect(graph).toContain('[mix]ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=/tmp/job-1/loudness.txt[a]');
    // Up to the mix, the very graph of the main pass.
    const mixLines = (text: string) => {
      const lines = text.split(';\n');
      return lines.slice(lines.findIndex((line) => line.startsWith('[0:a:0]')), lines.findIndex((line) => line.startsWith('[mix]')));
    };
    expect(mixLines(graph)).toEqual(mixLines(buildExportCommand(input(), cut, spec).filterGraph));
    expect(mixLines(graph)).toHaveLength(10);
    expect(graph).not.toMatch(/:v:0\]/);
  });

  it('writes the sound again turned down after the limiter, from the same inputs and mix, the written picture copied', () => {
    const cut = { ...clipEdit('clip', 8, { start: 1, end: 5 }), audioClips: [music()] };
    const main = buildExportCommand({ ...input(), loudnessGainDb: -3.25 }, cut, spec);
    const rewrite = buildSoundRewriteCommand({ ...input(), loudnessGainDb: -3.25 }, cut, spec, { writtenFile: '/data/out.mp4.written', cutDb: 1.5 });
    // The main pass's lines of sound, but for the cut after the limiter, and no picture.
    const [last, ...mix] = rewrite.filterGraph.split(';\n').reverse();
    expect(main.filterGraph.split(';\n')).toEqual(expect.arrayContaining(mix));
    expect(mix).toHaveLength(10);
    expect(last).toBe('[mix]volume=volume=-3.25dB,alimiter=limit=0.794328:attack=5:level=0,volume=volume=-1.5dB,atrim=start_sample=1264,asetpts=PTS-STARTPTS[a]');
    expect(rewrite.filterGraph).not.toMatch(/:v:0\]/);
    const joined = rewrite.args.join(' ');
    expect(joined).toContain('-ss 1 -t 4 -format_whitelist mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,mpeg,flv,ogg,asf -i /data/in.mp4');
    expect(joined).toContain('-i /data/out.mp4.written');
    expect(joined).toContain('-map 2:v:0 -c:v copy -map [a] -c:a aac -b:a 128k -ar 48000 -ac 2 -t 4');
    // Written as the main pass writes the export: no edit lists, moov first, into the export's file.
    expect(rewrite.args.slice(-12)).toEqual(main.args.slice(-12));
    expect(rewrite.args.at(-1)).toBe('/data/out.mp4');
  });

  it('turns the sound down by what the encoded file’s true peak is over -1 dBTP, and a margin', () => {
    expect(peakCutDb(0, -1)).toBeUndefined();
    expect(peakCutDb(0, -3)).toBeUndefined();
    expect(peakCutDb(0, 1.1)).toBeCloseTo(2.6);
    // A second rewrite takes off what the first left over, on top of its own cut.
    expect(peakCutDb(2.6, -0.8)).toBeCloseTo(3.3);
  });
});

describe('the sound of a sequence of shots', () => {
  /** Clip a with sound, clip b without; tracks t and u downloaded. */
  const sequenceInput = input({
    sources: new Map([
      ['a', { file: '/data/a.mp4', probe: probe() }],
      ['b', { file: '/data/b.mp4', probe: probe({ audioCodec: null }) }],
    ]),
    music: new Map([
      ['t', { file: '/tmp/job-1/t.m4a', durationSeconds: 30 }],
      ['u', { file: '/tmp/job-1/u.m4a', durationSeconds: 30 }],
    ]),
  });
  const shot = (id: string, mediaId: string, from: number, to: number, transition?: Shot['transition']): Shot => ({
    ...newShot(id, mediaId, 8), in: from, out: to, ...(transition ? { transition } : {}),
  });
  /** a 1–3 s, b 0.5–2.5 s crossfading in over 0.5 s, a 4–5.5 s cut in: 5 s on the output. */
  const sequence = (...audioClips: AudioClip[]): EditorState =>
    state({ shots: [shot('s1', 'a', 1, 3), shot('s2', 'b', 0.5, 2.5, { kind: 'crossfade', duration: 0.5 }), shot('s3', 'a', 4, 5.5)], audioClips });
  const lines = (editorState: EditorState) => buildExportCommand(sequenceInput, editorState, spec).filterGraph.split(';\n');

  it('gives each shot its sound, exactly its length (silence for the shot without any), joined by acrossfade at the crossfade and concat at the cut', () => {
    const graph = lines(sequence());
    expect(graph).toContainEqual(expect.stringMatching(/^\[0:a:0\]aresample=.*,apad=whole_len=96000,atrim=end_sample=96000\[shot0\]$/));
    expect(graph).toContainEqual(
      expect.stringMatching(/^aevalsrc=exprs=0:channel_layout=stereo:sample_rate=48000:duration=2,.*,apad=whole_len=96000,atrim=end_sample=96000\[shot1\]$/),
    );
    expect(graph).toContainEqual(expect.stringMatching(/^\[2:a:0\]aresample=.*,apad=whole_len=72000,atrim=end_sample=72000\[shot2\]$/));
    expect(graph.join('\n')).not.toContain('[1:a:0]');
    expect(graph).toContainEqual(expect.stringMatching(/^\[shot0\]\[shot1\]acrossfade=d=0\.5:c1=tri:c2=tri\[\w+\]$/));
    expect(graph).toContainEqual(expect.stringMatching(/^\[\w+\]\[shot2\]concat=n=2:v=0:a=1\[\w+\]$/));
    expect(graph).toContainEqual(expect.stringMatching(/^\[shots\]alimiter=/));
  });

  it('without acrossfade, fades the two pieces the overlap holds and sums them at full level (amerge and pan, not amix)', () => {
    const graph = buildExportCommand({ ...sequenceInput, filters: { xfade: true, acrossfade: false } }, sequence(), spec).filterGraph.split(';\n');
    expect(graph.join('\n')).not.toMatch(/acrossfade|amix/);
    expect(graph).toEqual(
      expect.arrayContaining([
        '[shot0]asplit[sound1-kept][sound1-leaving]',
        '[sound1-kept]atrim=end_sample=72000[sound1-head]',
        '[sound1-leaving]atrim=start_sample=72000,asetpts=PTS-STARTPTS,afade=t=out:ns=24000:curve=tri[sound1-going]',
        '[shot1]asplit[sound1-entering][sound1-arriving]',
        '[sound1-entering]atrim=end_sample=24000,afade=t=in:ns=24000:curve=tri[sound1-coming]',
        '[sound1-arriving]atrim=start_sample=24000,asetpts=PTS-STARTPTS[sound1-rest]',
        '[sound1-going][sound1-coming]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[sound1-mixed]',
        '[sound1-head][sound1-mixed][sound1-rest]concat=n=3:v=0:a=1[sound1]',
        '[sound1][shot2]concat=n=2:v=0:a=1[shots]',
      ]),
    );
  });

  it('mixes every music clip, each from its own input after the shots; the ducking ones summed through one compressor', () => {
    const clips = [
      music({ id: 'a', duck: true }),
      music({ id: 'b', source: { trackId: 'u' }, start: 2, duck: true }),
      music({ id: 'c', duck: false }),
      music({ id: 'not-downloaded', source: { trackId: 'x' } }),
    ];
    const { args, filterGraph } = buildExportCommand(sequenceInput, sequence(...clips), spec);
    expect(args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []))).toEqual([
      '/data/a.mp4', '/data/b.mp4', '/data/a.mp4', '/tmp/job-1/t.m4a', '/tmp/job-1/u.m4a', '/tmp/job-1/t.m4a',
    ]);
    const graph = filterGraph.split(';\n');
    // Each placed where it starts on the output.
    for (const [musicInput, delayMs] of [[3, 1000], [4, 2000], [5, 1000]] as const) {
      const line = graph.find((text) => text.startsWith(`[${musicInput}:a:0]`));
      expect(line).toContain(`adelay=delays=\\'${delayMs}|${delayMs}\\',apad[music${musicInput - 3}]`);
    }
    expect(filterGraph.match(/sidechaincompress/g)).toHaveLength(1);
    expect(graph).toContain('[music0][music1]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[ducking]');
    expect(graph).toContainEqual(expect.stringMatching(/^\[shots\]asplit=2\[clip-split\]\[key\]$/));
    expect(graph).toContainEqual(expect.stringMatching(/^\[clip\]\[ducked\]\[music2\]amerge=inputs=3,pan=stereo\|c0=c0\+c2\+c4\|c1=c1\+c3\+c5,.*\[mix\]$/));
  });

  it('measures the whole sequence in the loudness pass: every shot and clip read, for the output’s length', () => {
    const pass = buildLoudnessPassCommand(sequenceInput, sequence(music(), music({ id: 'b', source: { trackId: 'u' } })))!;
    expect(pass.durationSeconds).toBe(5);
    expect(pass.args.filter((arg) => arg === '-i')).toHaveLength(3 + 2);
    expect(pass.args.slice(-8)).toEqual(['-map', '[a]', '-vn', '-t', '5', '-f', 'null', '-']);
  });

  it('reads every stream from the input that holds it, in every pass: shots, voice and music clips, text, the written picture', () => {
    const voice: AudioClip = {
      id: 'v', lane: 'voice', source: { mediaId: 'vo' }, start: 2, end: 4, sourceIn: 0, sourceOut: 2, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: true,
    };
    const everything = { ...sequenceInput, voice: new Map([['vo', { file: '/tmp/job-1/voice.m4a', durationSeconds: 3 }]]) };
    const edit = { ...sequence(voice, music({ source: { trackId: 'u' } })), textOverlays: [newTextOverlay('a', 5)] };
    /** Each stream the graph reads or -map takes, as its kind, its input's file and its name; sorted. */
    const streamsOf = (args: string[], graph: string) => {
      const files = args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []));
      const mapped = args.flatMap((arg, index) => (args[index - 1] === '-map' && !arg.startsWith('[') ? [`[${arg}]`] : []));
      const streams = [...`${graph}${mapped.join('')}`.matchAll(/\[(\d+):([av])(?::0)?\]/g)].map(([stream, index, kind]) => `${kind} ${files[Number(index)]} ${stream}`);
      return [...new Set(streams)].sort();
    };
    const main = buildExportCommand(everything, edit, spec);
    const text = main.images[0]!.file;
    const sound = ['a /data/a.mp4 [0:a:0]', 'a /data/a.mp4 [2:a:0]', 'a /tmp/job-1/u.m4a [4:a:0]', 'a /tmp/job-1/voice.m4a [3:a:0]'];
    // Clip b has no sound: its shot's is silence.
    expect(streamsOf(main.args, main.filterGraph)).toEqual(
      [...sound, 'v /data/a.mp4 [0:v:0]', 'v /data/b.mp4 [1:v:0]', 'v /data/a.mp4 [2:v:0]', `v ${text} [5:v]`].sort(),
    );
    const loudness = buildLoudnessPassCommand(everything, edit)!;
    expect(streamsOf(loudness.args, loudness.files[0]!.contents)).toEqual(sound);
    const rewrite = buildSoundRewriteCommand(everything, edit, spec, { writtenFile: '/data/out.mp4.written', cutDb: 1 });
    expect(streamsOf(rewrite.args, rewrite.filterGraph)).toEqual([...sound, 'v /data/out.mp4.written [5:v:0]'].sort());
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

describe('the export’s audio with a voice lane', () => {
  const voice = (overrides: Partial<Extract<AudioClip, { lane: 'voice' }>> = {}): AudioClip => ({
    id: 'v', lane: 'voice', source: { mediaId: 'vo' }, start: 2, end: 5, sourceIn: 0.5, sourceOut: 2.5, volume: 0.8, fadeIn: 0, fadeOut: 0, loop: true, duck: true,
    ...overrides,
  });
  const withVoice = (overrides: Partial<ExportInput> & { probe?: MediaProbe } = {}) => input({ voice: new Map([['vo', { file: '/tmp/job-1/voice-0.m4a', durationSeconds: 3 }]]), ...overrides });

  it('reads each voice clip’s recording after the shots, before the music, and places its piece without looping', () => {
    const { args, filterGraph } = buildExportCommand(withVoice(), withMusic(voice(), music()), spec);
    const inputs = args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []));
    expect(inputs).toEqual(['/data/in.mp4', '/tmp/job-1/voice-0.m4a', '/tmp/job-1/music.m4a']);
    // Piece 0.5..2.5 s (2 s) at 2 s: it stops after its piece, at 4 s, though the clip ends at 5 (loop is ignored).
    expect(filterGraph).toMatch(/^\[1:a:0\]aformat=[^\n]*atrim=start_sample=24000:end_sample=120000,asetpts=PTS-STARTPTS,atrim=end_sample=96000,volume=volume=0.8,adelay=delays=\\'2000\|2000\\',apad\[voice0\];?$/m);
    expect(filterGraph).not.toMatch(/^\[1:a:0\][^\n]*aloop/m);
  });

  it('lowers the shots’ sound (the voice clip’s duck) and the ducking music while the voice speaks; the compressor hears the shots alone', () => {
    const { filterGraph } = buildExportCommand(withVoice(), withMusic(voice(), music()), spec);
    // The voice's piece sounds from 2 s to 4 s: down from 1.85 s, held, back up by 4.4 s (VOICE_DUCKING), every 10 ms.
    const underVoice = "asetnsamples=n=480:p=0,volume=volume=\\'pow(10\\,-18*min(1\\,clip(min((t-(1.85))/0.15\\,(4.4-t)/0.4)\\,0\\,1))/20)\\':eval=frame";
    expect(filterGraph).toContain(`[shots]${underVoice}[shots-under-voice]`);
    expect(filterGraph).toContain(`[ducking]${underVoice}[ducking-under-voice]`);
    expect(filterGraph).toContain('[shots-under-voice]asplit=2[clip-split][key]');
    expect(filterGraph).toMatch(/^\[clip\]\[voice0\]\[ducked\]amerge=inputs=3[^\n]*\[mix\];?$/m);
    // The creator turned the shots' ducking off: the music still ducks under the voice.
    const shotsKept = buildExportCommand(withVoice(), withMusic(voice({ duck: false }), music()), spec).filterGraph;
    expect(shotsKept).not.toContain('[shots-under-voice]');
    expect(shotsKept).toContain('[ducking-under-voice]');
    // Silent shots: no compressor, the voice's ducking alone.
    const silentShots = buildExportCommand(withVoice({ probe: probe({ audioCodec: null }) }), withMusic(voice(), music()), spec).filterGraph;
    expect(silentShots).not.toContain('sidechaincompress');
    expect(silentShots).not.toContain('[shots-under-voice]');
    expect(silentShots).toMatch(/^\[shots\]\[voice0\]\[ducking-under-voice\]amerge=inputs=3[^\n]*\[mix\];?$/m);
    // A music clip without duck is never lowered.
    expect(buildExportCommand(withVoice(), withMusic(voice(), music({ duck: false })), spec).filterGraph).not.toContain('ducking-under-voice');
  });

  it('mixes a voice without music and normalises it; leaves out a clip whose recording was not downloaded', () => {
    const command = buildExportCommand({ ...withVoice(), loudnessGainDb: 2 }, withMusic(voice()), spec);
    expect(command.filterGraph).toMatch(/^\[shots-under-voice\]\[voice0\]amerge=inputs=2[^\n]*\[mix\];?$/m);
    expect(command.filterGraph).toContain('[mix]volume=volume=2dB,alimiter');
    expect(buildLoudnessPassCommand(withVoice(), withMusic(voice()))).not.toBeNull();
    const missing = buildExportCommand(input(), withMusic(voice()), spec);
    expect(missing.filterGraph).not.toContain('voice0');
    expect(buildLoudnessPassCommand(input(), withMusic(voice()))).toBeNull();
  });
});
