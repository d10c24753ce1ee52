import { describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { createImageModels } from './index.ts';
import { DEFAULT_MODELS } from '../../config.ts';

const binaries: FfmpegBinaries = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe', source: 'system', version: 'test' };
const googleModels = DEFAULT_MODELS['gemini-api'];
const google = { kind: 'gemini-api', apiKey: 'g' } as const;
const openai = { imageModel: 'gpt-image-1' };

describe('createImageModels', () => {
  it('renders offline for every product model without keys', () => {
    const models = createImageModels({ googleModels, openai }, binaries);
    expect(Object.values(models).map((model) => model.kind)).toEqual(['offline', 'offline', 'offline']);
  });

  it('maps each product model to its provider when that provider has a key', () => {
    const geminiOnly = createImageModels({ google, googleModels, openai }, binaries);
    expect(geminiOnly['gemini-2.5-flash-image'].kind).toBe('gemini');
    expect(geminiOnly['dall-e-3-standard'].kind).toBe('offline');

    const both = createImageModels({ google, googleModels, openai: { ...openai, apiKey: 'o' } }, binaries);
    expect(both['dall-e-3-standard'].kind).toBe('openai');
    expect(both['dall-e-3-hd'].kind).toBe('openai');
  });
});
