/**
 * The transitions for an ffmpeg without `xfade` (before 4.3) or `acrossfade`, from filters every build has, in the
 * same single pass. A transition of D seconds into a shot starting at O on the output is cut out of its two streams
 * — what came before split at O, the incoming shot split at D — drawn from those two pieces, and concatenated
 * back between them: the frames outside the overlap, the output's length and every shot's place on it are those
 * xfade gives (the time map's). The pieces are drawn as vf_xfade.c draws its kinds (decision 039, "Without xfade").
 */
import type { TransitionKind } from '../../../shared/editor/editor-constants.ts';
import type { JoinLink, ShotInput } from './export-shots.ts';
import { filter, formatNumber } from './filter-syntax.ts';

/** The output frame the pictures are joined at. */
export interface JoinFrame {
  width: number;
  height: number;
  fps: number;
}

/** xfade's fadeblack: the outgoing is gone to black a fifth of the way in, and the incoming comes up over the rest. */
const FADE_BLACK_PHASE = 0.2;

const seconds = (value: number) => formatNumber(value);

/** The shots' sound is joined at the mix's rate (music-mix.ts): pieces are cut to the sample. */
const SOUND_RATE = 48_000;
const samples = (value: number) => Math.round(value * SOUND_RATE);

/** A label of the join's own (`[joined1-going]`). */
const label = (link: JoinLink, part: string) => `[${link.name}-${part}]`;

/** The incoming piece with an alpha that rises linearly from 0 to 1 over [from, from + duration), for overlay. */
function fadingIn(from: number, duration: number): string {
  return ['format=gbrap', filter('fade', [['t', 'in'], ['st', seconds(from)], ['d', seconds(duration)], ['alpha', 1]])].join(',');
}

/** The incoming piece laid over the outgoing one: both the frame's size, in RGB, alpha from the incoming. */
const overlayInRgb = filter('overlay', [['format', 'gbrp']]);

/**
 * Graph lines that draw one transition from its outgoing piece (`going`) and incoming piece (`coming`), both D
 * seconds from 0, into `mixed`:
 * - crossfade (xfade's `fade`, A·P + B·(1 − P)): the incoming faded in by its alpha over the whole overlap;
 * - fade-black (`fadeblack`, A·P·smoothstep(0.8, 1, P) + B·(1 − P)·(1 − smoothstep(0.2, 1, P))): the outgoing
 *   faded out to black over the first fifth, the incoming faded in from black over the other four, linearly;
 * - slide-left, slide-up (`slideleft`, `slideup`: both frames pushed by the frame's size): the two side by side
 *   (one over the other) and a frame-sized window moving across them, at xfade's whole-pixel steps;
 * - zoom (`zoomin`: the outgoing magnified by 1 / smoothstep(0.5, 1, P) about its centre, which it has become by
 *   half-way, the incoming mixed in by 1 − smoothstep(0, 0.5, P)): zoompan over the first half (up to its ×10
 *   limit), the centre pixel filling the frame over the second, and the incoming faded in over it linearly.
 */
function drawTransition(kind: Exclude<TransitionKind, 'cut'>, overlap: number, frame: JoinFrame, link: JoinLink): string[] {
  const going = label(link, 'going');
  const coming = label(link, 'coming');
  const mixed = label(link, 'mixed');
  const over = label(link, 'over');
  switch (kind) {
    case 'crossfade':
      return [`${coming}${fadingIn(0, overlap)}${over}`, `${going}${over}${overlayInRgb}${mixed}`];
    case 'fade-black': {
      const dark = label(link, 'dark');
      const gone = FADE_BLACK_PHASE * overlap;
      return [
        `${going}${filter('fade', [['t', 'out'], ['st', 0], ['d', seconds(gone)]])}${dark}`,
        `${coming}${fadingIn(gone, overlap - gone)}${over}`,
        `${dark}${over}${overlayInRgb}${mixed}`,
      ];
    }
    case 'slide-left':
    case 'slide-up': {
      // xfade shows column x of the output from the pair at x + (W − floor(W·P)), P = 1 − t/D.
      const across = kind === 'slide-left';
      const size = across ? frame.width : frame.height;
      const offset = `${size}-floor(${size}*(1-t/${seconds(overlap)}))`;
      return [
        `${going}${coming}${across ? 'hstack' : 'vstack'},${filter('crop', [
          ['w', frame.width],
          ['h', frame.height],
          ['x', across ? offset : 0],
          ['y', across ? 0 : offset],
        ])}${mixed}`,
      ];
    }
    case 'zoom': {
      const half = overlap / 2;
      const [near, far, zoomed, centre, dive] = ['near', 'far', 'zoomed', 'centre', 'dive'].map((part) => label(link, part));
      // smoothstep(0.5, 1, P) over the first half, from frame `on`: s = 1 − 2u, u = on / (D·fps).
      const s = `(1-2*on/${formatNumber(overlap * frame.fps)})`;
      const zoom = `1/max(0.1,${s}*${s}*(3-2*${s}))`;
      return [
        `${going}split${near}${far}`,
        `${near}${[
          filter('trim', [['end', seconds(half)]]),
          filter('zoompan', [
            ['z', zoom],
            ['x', 'iw/2-iw/zoom/2'],
            ['y', 'ih/2-ih/zoom/2'],
            ['d', 1],
            ['s', `${frame.width}x${frame.height}`],
            ['fps', formatNumber(frame.fps)],
          ]),
          'setsar=1',
        ].join(',')}${zoomed}`,
        // The pixel xfade samples at an infinite zoom.
        `${far}${[
          filter('trim', [['start', seconds(half)]]),
          'setpts=PTS-STARTPTS',
          filter('crop', [['w', 1], ['h', 1], ['x', Math.ceil((frame.width - 1) / 2)], ['y', Math.ceil((frame.height - 1) / 2)]]),
          filter('scale', [['w', frame.width], ['h', frame.height], ['flags', 'neighbor']]),
          'setsar=1',
        ].join(',')}${centre}`,
        `${zoomed}${centre}${filter('concat', [['n', 2], ['v', 1], ['a', 0]])}${dive}`,
        `${coming}${fadingIn(half, half)}${over}`,
        `${dive}${over}${overlayInRgb}${mixed}`,
      ];
    }
  }
}

/**
 * The pictures before `shot` and the shot's own joined by its transition without xfade: what came before up to
 * the shot's start, the transition drawn from the two pieces the overlap holds, the shot's own after it.
 */
export function pictureTransitionWithoutXfade(shot: ShotInput, frame: JoinFrame, link: JoinLink): string[] {
  if (shot.transition === 'cut') throw new Error('A cut has no transition to draw');
  const [kept, leaving, head, going, entering, arriving, coming, rest] = ['kept', 'leaving', 'head', 'going', 'entering', 'arriving', 'coming', 'rest'].map(
    (part) => label(link, part),
  );
  return [
    `${link.before}split${kept}${leaving}`,
    `${kept}${filter('trim', [['end', seconds(shot.start)]])}${head}`,
    `${leaving}${filter('trim', [['start', seconds(shot.start)]])},setpts=PTS-STARTPTS${going}`,
    `${link.incoming}split${entering}${arriving}`,
    `${entering}${filter('trim', [['end', seconds(shot.overlap)]])}${coming}`,
    `${arriving}${filter('trim', [['start', seconds(shot.overlap)]])},setpts=PTS-STARTPTS${rest}`,
    ...drawTransition(shot.transition, shot.overlap, frame, link),
    `${head}${label(link, 'mixed')}${rest}${filter('concat', [['n', 3], ['v', 1], ['a', 0]])}${link.output}`,
  ];
}

/**
 * The sound before `shot` and the shot's own crossfaded over its overlap without acrossfade: the two pieces the
 * overlap holds faded linearly (afade's `tri`, acrossfade's curve here) and summed. Summed by amerge and pan (the
 * four channels added back to two, gains 1), not amix: amix scales its inputs by their share of the weights in
 * every version before `normalize=0` (ffmpeg 4.4), and drops what it still holds of its first input when that
 * input ends (the last ~16 ms of a fade went silent that way).
 */
export function soundCrossfadeWithoutAcrossfade(shot: ShotInput, link: JoinLink): string[] {
  const [kept, leaving, head, going, entering, arriving, coming, rest, mixed] = [
    'kept', 'leaving', 'head', 'going', 'entering', 'arriving', 'coming', 'rest', 'mixed',
  ].map((part) => label(link, part));
  const fade = (type: 'in' | 'out') => filter('afade', [['t', type], ['ns', samples(shot.overlap)], ['curve', 'tri']]);
  return [
    `${link.before}asplit${kept}${leaving}`,
    `${kept}${filter('atrim', [['end_sample', samples(shot.start)]])}${head}`,
    `${leaving}${filter('atrim', [['start_sample', samples(shot.start)]])},asetpts=PTS-STARTPTS,${fade('out')}${going}`,
    `${link.incoming}asplit${entering}${arriving}`,
    `${entering}${filter('atrim', [['end_sample', samples(shot.overlap)]])},${fade('in')}${coming}`,
    `${arriving}${filter('atrim', [['start_sample', samples(shot.overlap)]])},asetpts=PTS-STARTPTS${rest}`,
    `${going}${coming}${filter('amerge', [['inputs', 2]])},pan=stereo|c0=c0+c2|c1=c1+c3${mixed}`,
    `${head}${mixed}${rest}${filter('concat', [['n', 3], ['v', 0], ['a', 1]])}${link.output}`,
  ];
}
