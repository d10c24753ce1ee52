import { TAB_SIZE, type FontMetrics, lineWidth } from './font-metrics.ts';
import { ffmpegColor, filter } from './filter-syntax.ts';
import { formatNumber } from './css-color-math.ts';
import type { TextLine } from './text-layout.ts';

/**
 * One `drawtext` for one line, opaque. The text comes from a file (`expansion=none`: `%{…}` stays
 * literal), so nothing a user types is parsed by ffmpeg. `ascent` is drawtext's distance from its
 * `y` to the baseline for this very text, so `y = baseline - ascent` puts the baseline where
 * Chromium has it; `text_w` is drawtext's own width of the line.
 */
export function textLineFilter(
  line: TextLine,
  textFile: string,
  options: { origin?: { x: number; y: number }; color?: string; outlineColor?: string } = {},
): string {
  const origin = options.origin ?? { x: 0, y: 0 };
  const at = formatNumber(line.x - origin.x);
  const x = {
    left: String(Math.round(line.x - origin.x)),
    center: `round(${at}-text_w/2)`,
    right: `round(${at}-text_w)`,
  }[line.anchor];
  return filter('drawtext', [
    ['fontfile', line.fontFile],
    ['textfile', textFile],
    ['expansion', 'none'],
    ['tabsize', TAB_SIZE],
    ['fontsize', line.fontSize],
    ['fontcolor', options.color ?? ffmpegColor(line.color)],
    ...(line.outlineWidth > 0
      ? ([['borderw', line.outlineWidth], ['bordercolor', options.outlineColor ?? ffmpegColor(line.outlineColor)]] as const)
      : []),
    ['x', x],
    ['y', `${line.baseline - origin.y}-ascent`],
  ]);
}

export interface TextCanvas {
  /** Filter chains (for -filter_complex) ending in the `overlayInput` label. */
  chains: string[];
  overlayInput: string;
  /** The overlay filter to put after the frame's label. */
  overlay: string;
}

/**
 * A line with CSS `opacity` below 1. drawtext's `alpha` would fade fill and outline separately, so the
 * outline would show through the fill; CSS fades the painted text as one layer. So the line is drawn
 * opaque on a small canvas of the outline's colour, given an alpha of opacity x coverage (the same
 * line drawn in grey on black), and laid over the frame once; overlay repeats that single frame.
 */
export function textCanvas(
  line: TextLine,
  metrics: FontMetrics,
  frame: { width: number; height: number },
  textFile: string,
): TextCanvas {
  const em = line.fontSize / metrics.unitsPerEm;
  const pad = line.outlineWidth + 2;
  // drawtext does not kern, so its line can be wider than the browser's: allow an em more.
  const width = lineWidth(metrics, line.text, line.fontSize) + line.fontSize;
  const spanLeft = { left: line.x, center: line.x - width / 2, right: line.x - width }[line.anchor];
  const left = Math.max(0, Math.floor(spanLeft) - pad);
  const right = Math.min(frame.width, Math.ceil(spanLeft + width) + pad);
  const top = Math.max(0, Math.floor(line.baseline - metrics.bounds.yMax * em) - pad);
  const bottom = Math.min(frame.height, Math.ceil(line.baseline - metrics.bounds.yMin * em) + pad);
  const size = `${Math.max(1, right - left)}x${Math.max(1, bottom - top)}`;
  const origin = { x: left, y: top };
  const alphaGrey = Math.round(line.opacity * 255).toString(16).padStart(2, '0').toUpperCase();
  const grey = `0x${alphaGrey.repeat(3)}`;
  const oneFrame = (color: string): string => filter('color', [['c', color], ['s', size], ['r', 1], ['d', 1]]);
  return {
    chains: [
      // The background is what the edge pixels blend with, so it is the colour at the text's edge.
      `${oneFrame(ffmpegColor(line.outlineWidth > 0 ? line.outlineColor : line.color))},format=gbrp,` +
        `${textLineFilter(line, textFile, { origin })}[textcolor]`,
      `${oneFrame('black')},format=gbrp,${textLineFilter(line, textFile, { origin, color: grey, outlineColor: grey })},` +
        `extractplanes=g[textalpha]`,
      '[textcolor][textalpha]alphamerge[text]',
    ],
    overlayInput: '[text]',
    overlay: filter('overlay', [['x', left], ['y', top], ['format', 'gbrp']]),
  };
}
