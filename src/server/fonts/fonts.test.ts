import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FONT_FACES, FALLBACK_FACES, FONT_FACES } from '../../shared/editor/fonts.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { assertFontFilesPresent, fontFilePath } from '../render/font-files.ts';

describe('editor fonts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqliteDatabase);
  });
  afterAll(() => t.close());

  it('has a TTF on disk for every font the editor offers', () => {
    expect(() => assertFontFilesPresent()).not.toThrow();
    for (const face of ALL_FONT_FACES) expect(fontFilePath(face.file)).toMatch(/\.ttf$/);
  });

  it.each([...Object.entries(FONT_FACES), ...FALLBACK_FACES.map((face) => [face.cssFamily, face] as const)])('serves %s as a TrueType file, cached', async (_family, face) => {
    const response = await t.app.inject({ method: 'GET', url: `/fonts/${face.file}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('font/ttf');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.readUInt32BE(0)).toBe(0x00010000); // the TrueType magic number
  });

  it('serves nothing else from /fonts', async () => {
    for (const url of ['/fonts/../package.json', '/fonts/%2e%2e%2fpackage.json', '/fonts/comic-sans.ttf']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
