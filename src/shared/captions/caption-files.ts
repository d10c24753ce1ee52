import { type CaptionLine, lineSpan } from './caption-track.ts';

/** hh:mm:ss + separator + mmm, as SRT (',') and WebVTT ('.') write a time. */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const secs = Math.floor(millis / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(millis % 1000, 3)}`;
}

/** A cue's text may not hold a blank line (it would end the cue) nor, in WebVTT, "-->". */
function cueText(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('-->', '->').trim();
}

function escapeVtt(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** One cue per caption line, its words as written, from the line's first word to when it leaves the screen. */
export function captionsToSrt(lines: readonly CaptionLine[]): string {
  return lines
    .map((line, index) => {
      const span = lineSpan(lines, index);
      const text = cueText(line.words.map((word) => word.text).join(' '));
      return `${String(index + 1)}\n${timestamp(span.start, ',')} --> ${timestamp(span.end, ',')}\n${text}\n`;
    })
    .join('\n');
}

/**
 * WebVTT with one cue per line and a timestamp tag before each word after the first, so players that support
 * it (karaoke-style cue text) highlight the spoken word as the editor does.
 */
export function captionsToVtt(lines: readonly CaptionLine[]): string {
  const cues = lines.map((line, index) => {
    const span = lineSpan(lines, index);
    const text = line.words
      .map((word, at) => {
        const shown = escapeVtt(cueText(word.text));
        return at === 0 || word.start <= span.start || word.start >= span.end ? shown : `<${timestamp(word.start, '.')}>${shown}`;
      })
      .join(' ');
    return `${String(index + 1)}\n${timestamp(span.start, '.')} --> ${timestamp(span.end, '.')}\n${text}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}
