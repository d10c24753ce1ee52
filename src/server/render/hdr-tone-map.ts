import { filter } from './export/filter-syntax.ts';
import type { ColorTags } from './probe-media.ts';

/** ffprobe's names of the HDR transfers: HLG (iPhones' default) and PQ (HDR10, many Androids). */
const HDR_TRANSFERS = ['arib-std-b67', 'smpte2084'] as const;
type HdrTransfer = (typeof HDR_TRANSFERS)[number];

/** How an HDR picture is coded, in names both ffprobe and zscale know. */
export interface HdrColor {
  transfer: HdrTransfer;
  primaries: 'bt2020' | 'bt709' | 'smpte432';
  matrix: 'bt2020nc' | 'bt2020c' | 'bt709';
  range: 'tv' | 'pc';
}

const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  (values as readonly string[]).includes(value ?? '');

/**
 * The picture's HDR coding when its transfer is PQ or HLG, else undefined (SDR). Primaries and matrix a
 * file leaves out (or tags with something HDR video does not use) are taken as BT.2020, what HDR is made in.
 */
export function hdrColorOf(tags: ColorTags): HdrColor | undefined {
  if (!isOneOf(HDR_TRANSFERS, tags.colorTransfer)) return undefined;
  const primaries = ['bt2020', 'bt709', 'smpte432'] as const;
  const matrices = ['bt2020nc', 'bt2020c', 'bt709'] as const;
  return {
    transfer: tags.colorTransfer,
    primaries: isOneOf(primaries, tags.colorPrimaries) ? tags.colorPrimaries : 'bt2020',
    matrix: isOneOf(matrices, tags.colorSpace) ? tags.colorSpace : 'bt2020nc',
    range: tags.colorRange === 'pc' ? 'pc' : 'tv',
  };
}

/** HDR reference white (ITU-R BT.2408): where SDR's white sits in HDR, so it is where SDR's white comes back to. */
const REFERENCE_WHITE_NITS = 203;
/** The brightest highlight kept apart from white: HLG's nominal display peak, and what phones master HDR10 to. */
const PEAK_NITS = 1000;
/** Mobius leaves light below this fraction of reference white as it is and rolls off the rest towards the peak. */
const MOBIUS_KNEE = 0.6;

/**
 * The filters that turn an HDR picture into BT.709 SDR, limited range (decision 031): zscale takes it to
 * linear light in BT.709 primaries with reference white at 1.0, tonemap's mobius curve keeps everything
 * below MOBIUS_KNEE as it is and compresses up to PEAK_NITS into what is left, and zscale codes it as
 * BT.709. Every property is given explicitly: frames of a file whose tags are only in its container, or of
 * ffmpeg 4.1, do not carry them through the graph. Both supported ffmpeg builds have zscale and tonemap.
 */
export function toneMapToBt709(color: HdrColor): string[] {
  return [
    filter('zscale', [
      ['tin', color.transfer], ['pin', color.primaries], ['min', color.matrix], ['rin', color.range],
      ['t', 'linear'], ['p', 'bt709'], ['npl', REFERENCE_WHITE_NITS],
    ]),
    'format=gbrpf32le',
    filter('tonemap', [['tonemap', 'mobius'], ['param', MOBIUS_KNEE], ['peak', PEAK_NITS / REFERENCE_WHITE_NITS]]),
    filter('zscale', [['tin', 'linear'], ['pin', 'bt709'], ['t', 'bt709'], ['p', 'bt709'], ['m', 'bt709'], ['r', 'tv']]),
  ];
}

/** Output tags for a picture in BT.709, limited range, so every player decodes it as it was encoded. */
export const BT709_OUTPUT_TAGS = ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'];
