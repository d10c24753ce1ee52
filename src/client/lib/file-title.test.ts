import { describe, expect, it } from 'vitest';
import { titleFromFileName } from './file-title';

describe('titleFromFileName', () => {
  it('drops the extension and turns separators into spaces', () => {
    expect(titleFromFileName('my_song-final.mp3', 100)).toBe('my song final');
    expect(titleFromFileName('Beat.v2.wav', 100)).toBe('Beat.v2');
    expect(titleFromFileName('noextension', 100)).toBe('noextension');
  });

  it('keeps within the length a title may have', () => {
    expect(titleFromFileName(`${'a'.repeat(150)}.mp3`, 100)).toHaveLength(100);
  });
});
