import { describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { createImageModels } from './index.ts';

const binaries: FfmpegBinaries = { ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe', source: 'system', version: 'test' };
const gemini = { veoModel: 'veo', textModel: 'gemini-2.5-flash', imageModel: 'gemini-3.1-flash-image' };
const openai = { imageModel: 'gpt-image-1' };

describe('createImageModels', () => {
  it('renders offline for every product model without keys', () => {
    const models = createImageModels({ gemini, openai }, binaries);
    expect(Object.values(models).map((model) => model.kind)).toEqual(['offline', 'offline', 'offline']);
  });

  it('maps each product model to its provider when that provider has a key', () => {
    const geminiOnly = createImageModels({ gemini: { ...gemini, apiKey: 'g' }, openai }, binaries);
    expect(geminiOnly['gemini-2.5-flash-image'].kind).toBe('gemini');
    expect(geminiOnly['dall-e-3-standard'].kind).toBe('offline');

    const both = createImageModels({ gemini: { ...gemini, apiKey: 'g' }, openai: { ...openai, apiKey: 'o' } }, binaries);
    expect(both['dall-e-3-standard'].kind).toBe('openai');
    expect(both['dall-e-3-hd'].kind).toBe('openai');
  });
});
