import { describe, expect, it } from 'vitest';
import { FfmpegNotFoundError, locateFfmpeg } from './ffmpeg-binaries.ts';

describe('locateFfmpeg', () => {
  it('prefers the system ffmpeg on PATH and reports its version', async () => {
    const found = await locateFfmpeg({ ffmpeg: {} }, '/usr/local/bin:/usr/bin');
    expect(found.source).toBe('system');
    expect(found.ffmpegPath).toMatch(/\/ffmpeg$/);
    expect(found.ffprobePath).toMatch(/\/ffprobe$/);
    expect(found.version).toMatch(/^\d|^n\d/);
    // Debian 12's ffmpeg 5.1 has both transition filters.
    expect(found.filters).toEqual({ xfade: true, acrossfade: true });
  });

  it('falls back to the npm-shipped static build when the system has none', async () => {
    const found = await locateFfmpeg({ ffmpeg: {} }, '/nonexistent');
    expect(found.source).toBe('npm');
    expect(found.ffmpegPath).toContain('@ffmpeg-installer');
    // A build of 2018, before xfade (ffmpeg 4.3): exports draw their transitions without it.
    expect(found.filters).toEqual({ xfade: false, acrossfade: true });
  });

  it('uses FFMPEG_PATH/FFPROBE_PATH first, and refuses ones that do not run', async () => {
    const system = await locateFfmpeg({ ffmpeg: {} }, '/usr/bin');
    const configured = await locateFfmpeg({ ffmpeg: { ffmpegPath: system.ffmpegPath, ffprobePath: system.ffprobePath } });
    expect(configured.source).toBe('config');
    await expect(locateFfmpeg({ ffmpeg: { ffmpegPath: '/bin/false', ffprobePath: '/bin/false' } })).rejects.toThrow(
      FfmpegNotFoundError,
    );
    await expect(locateFfmpeg({ ffmpeg: { ffmpegPath: system.ffmpegPath } })).rejects.toThrow(/both/);
  });
});
