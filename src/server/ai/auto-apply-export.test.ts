import { describe, expect, it } from 'vitest';
import { defaultEditorState, outputDuration } from '../../shared/editor/editor-state.ts';
import { SUGGESTION_TYPES } from '../../shared/schemas/ai.ts';
import { buildExportCommand } from '../render/export/export-filter-graph.ts';
import type { MediaProbe } from '../render/probe-media.ts';
import { applySuggestion } from './apply-suggestion.ts';

const probe: MediaProbe = {
  durationSeconds: 16,
  videoDurationSeconds: 16,
  width: 720,
  height: 1280,
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  frameRate: 24,
  nominalFrameRate: 24,
  audioCodec: 'aac',
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  sizeBytes: 1_000_000,
};

describe('auto-applied states export', () => {
  it.each(SUGGESTION_TYPES)('a %s suggestion yields a state the export command is built from', (type) => {
    const state = applySuggestion(
      { type, title: 'Tip', description: 'Make it pop', example: type === 'text-overlay' ? 'Watch till the end' : undefined },
      defaultEditorState('project-1', 16),
      { title: 'Paper boats', duration: 16 },
      () => 'overlay-1',
    );
    const command = buildExportCommand(
      { sources: new Map([['project-1', { file: '/in.mp4', probe }]]), outputFile: '/out.mp4', workDir: '/work' },
      state,
      { resolution: '1080p', format: 'mp4', quality: 'high', watermark: true },
    );
    expect(command).toMatchObject({ width: 1080, height: 1920 });
    expect(command.durationSeconds).toBeCloseTo(outputDuration(state), 3);
    if (type === 'text-overlay') expect(command.images.map((image) => image.file)).toContain('/work/overlay-1-%04d.png');
  });
});
