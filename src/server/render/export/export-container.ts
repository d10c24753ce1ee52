import type { ExportSpec } from './export-spec.ts';

/**
 * How every pass that writes the exported file writes it: no metadata of the sources, and no edit lists (YouTube's and
 * Instagram's upload specs): the B-frames' delay is written as negative composition offsets instead, so the first
 * picture is at 0 for every player (ffmpeg 4.1 needs avoid_negative_ts disabled to keep them), and the sound is cut for
 * the AAC priming (music-mix.ts).
 */
export function exportContainerArgs(format: ExportSpec['format'], outputFile: string): string[] {
  return [
    '-map_metadata', '-1',
    // The date it was made: MOV readers (Photos, Final Cut) sort and show it.
    '-metadata', 'creation_time=now',
    '-movflags', '+faststart+negative_cts_offsets', '-use_editlist', '0', '-avoid_negative_ts', 'disabled',
    '-f', format,
    outputFile,
  ];
}
