import { describe, expect, it } from 'vitest';
import { escapeForGraph, filter, formatNumber, quoteOptionValue } from './filter-syntax.ts';

/** ffmpeg's av_get_token: reads up to an unquoted, unescaped delimiter, dropping quotes and escapes. */
function getToken(text: string, delimiters: string): [string, string] {
  let out = '';
  let i = 0;
  while (i < text.length && !delimiters.includes(text[i] as string)) {
    const c = text[i] as string;
    if (c === '\\') {
      out += text[i + 1] ?? '';
      i += 2;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      out += text.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? text.length : end + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return [out, text.slice(i)];
}

/** Reads one filter back the way libavfilter does: graph level first, then the filter's options. */
function parseFilter(text: string): { name: string; options: Record<string, string> } {
  const [name, rest] = getToken(text, '=,;[');
  const [optionText, after] = getToken(rest.slice(1), '[],;');
  expect(after).toBe('');
  const options: Record<string, string> = {};
  let remaining = optionText;
  while (remaining.length > 0) {
    const [key, afterKey] = getToken(remaining, '=');
    const [value, afterValue] = getToken(afterKey.slice(1), ':');
    options[key] = value;
    remaining = afterValue.slice(1);
  }
  return { name, options };
}

describe('filter syntax', () => {
  it('passes any value through both parsers unchanged', () => {
    const hostile = "C:\\fonts\\it's [a], b; c:d 'e' \\ %{pts} \\' ''";
    const parsed = parseFilter(filter('drawtext', [['fontfile', hostile], ['fontsize', 32], ['x', 'round(360-text_w/2)']]));
    expect(parsed).toEqual({ name: 'drawtext', options: { fontfile: hostile, fontsize: '32', x: 'round(360-text_w/2)' } });
  });

  it('leaves plain values readable', () => {
    expect(quoteOptionValue('0xFFD700')).toBe('0xFFD700');
    expect(quoteOptionValue('/tmp/a-b/c.txt')).toBe('/tmp/a-b/c.txt');
    expect(quoteOptionValue('a:b')).toBe("'a:b'");
    expect(escapeForGraph('clip(val,0,255)')).toBe('clip(val\\,0\\,255)');
  });

  it('formats numbers without exponents or float noise', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(-12.75)).toBe('-12.75');
    expect(formatNumber(1e-9)).toBe('0');
    expect(formatNumber(5.333333333)).toBe('5.333333');
  });
});
