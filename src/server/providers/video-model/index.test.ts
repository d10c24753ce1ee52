import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../config.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { createVideoModel } from './index.ts';

const binaries: FfmpegBinaries = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe', source: 'system', version: 'test' };
const logger = pino({ level: 'silent' });
const google = { kind: 'gemini-api', apiKey: 'k' } as const;

describe('createVideoModel', () => {
  it('renders offline without a Google back-end', () => {
    expect(createVideoModel({ googleModels: DEFAULT_MODELS['gemini-api'] }, 'videoGeneration', binaries, logger)).toMatchObject({ kind: 'offline', model: 'offline' });
  });

  it('picks the adapter by the role’s model ID: Gemini Omni through Interactions, Veo otherwise (only Veo extends its own clips)', () => {
    const googleModels = { ...DEFAULT_MODELS['gemini-api'], videoGeneration: 'gemini-omni-1.1-flash', videoExtension: 'veo-3.1-fast-generate-001' };
    const generation = createVideoModel({ google, googleModels }, 'videoGeneration', binaries, logger);
    const extension = createVideoModel({ google, googleModels }, 'videoExtension', binaries, logger);
    expect(generation).toMatchObject({ kind: 'omni', model: 'gemini-omni-1.1-flash' });
    expect(generation.extendVideo).toBeUndefined();
    expect(extension).toMatchObject({ kind: 'veo', model: 'veo-3.1-fast-generate-001' });
    expect(extension.extendVideo).toBeInstanceOf(Function);
  });
});
