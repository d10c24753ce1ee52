/**
 * The inputs of one ffmpeg command. ffmpeg numbers its `-i` inputs by their place on the command line and a
 * filter graph names their streams by that number (`[2:a:0]`): each input is added here, in any order, and
 * answers with the names of its streams, and the command's input arguments come out in the order they were added.
 * So no part of a command counts where its own inputs start.
 */

/** A file with pictures and maybe sound (a shot, a written export). */
export interface VideoInput {
  index: number;
  /** Its first video stream as `-map` names it (`N:v:0`). */
  videoStream: string;
  /** Its first video stream in the graph (`[N:v:0]`). */
  video: string;
  /** Its first audio stream in the graph (`[N:a:0]`). */
  audio: string;
}

/** A file of sound alone (a music or voice clip's source). */
export interface AudioOnlyInput {
  index: number;
  /** Its first audio stream in the graph (`[N:a:0]`). */
  audio: string;
}

/** Numbered pictures read as one stream (a text overlay's). */
export interface ImageSequenceInput {
  index: number;
  /** Its pictures in the graph (`[N:v]`: image2 has that one stream). */
  video: string;
}

export interface FfmpegInputs {
  /** `options` are the input's own (`-ss`, `-t`, `-format_whitelist`…), written before its `-i`. */
  video(file: string, options?: readonly string[]): VideoInput;
  audio(file: string, options?: readonly string[]): AudioOnlyInput;
  /** `pattern` names the pictures from number 0 (`overlay-1-%04d.png`). */
  imageSequence(pattern: string): ImageSequenceInput;
  /** Every input's options and `-i`, in the order they were added: the order their numbers count. */
  args(): string[];
}

/** Numbered PNGs read by image2 as named: no globbing, one decoder thread (each picture is small). */
const IMAGE_SEQUENCE_OPTIONS = ['-threads', '1', '-f', 'image2', '-pattern_type', 'sequence', '-start_number', '0'];

export function createInputs(): FfmpegInputs {
  const added: string[][] = [];
  const add = (file: string, options: readonly string[]): number => added.push([...options, '-i', file]) - 1;
  return {
    video(file, options = []) {
      const index = add(file, options);
      return { index, videoStream: `${index}:v:0`, video: `[${index}:v:0]`, audio: `[${index}:a:0]` };
    },
    audio(file, options = []) {
      const index = add(file, options);
      return { index, audio: `[${index}:a:0]` };
    },
    imageSequence(pattern) {
      const index = add(pattern, IMAGE_SEQUENCE_OPTIONS);
      return { index, video: `[${index}:v]` };
    },
    args: () => added.flat(),
  };
}
