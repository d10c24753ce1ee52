import { describe, expect, it } from 'vitest';
import { newVideoPath, readNewVideoPrompt } from './new-video-link';

describe('a link that opens New Video with a prompt (issue 25, item 11)', () => {
  it('carries any prompt to the dashboard and reads it back, keeping the rest of the address', () => {
    const prompt = 'Rain & neon: 50% slow, "cinematic" #1 + more';
    const path = newVideoPath(prompt);
    expect(new URL(`http://h${path}`).pathname).toBe('/dashboard');
    const search = new URL(`http://h${path}`).search;
    expect(readNewVideoPrompt(search)).toEqual({ prompt, remainingSearch: '' });
    expect(readNewVideoPrompt(`?ref=mail&${search.slice(1)}`)).toEqual({ prompt, remainingSearch: '?ref=mail' });
  });

  it('is nothing without a prompt', () => {
    for (const search of ['', '?prompt=', '?prompt=%20%20', '?ref=mail']) expect(readNewVideoPrompt(search), search).toBeNull();
  });
});
