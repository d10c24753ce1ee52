import { describe, expect, it } from 'vitest';
import { rememberExport, rememberedExport } from './remembered-export';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the export an editor remembers across a reload', () => {
  it('keeps one job per project until it is forgotten', () => {
    const storage = memoryStorage();
    rememberExport('project-a', 'job-1', storage);
    rememberExport('project-b', 'job-2', storage);
    expect(rememberedExport('project-a', storage)).toBe('job-1');
    rememberExport('project-a', null, storage);
    expect(rememberedExport('project-a', storage)).toBeNull();
    expect(rememberedExport('project-b', storage)).toBe('job-2');
  });

  it('works without storage, and when the browser refuses it', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberExport('project-a', 'job-1', refusing)).not.toThrow();
    expect(rememberedExport('project-a', refusing)).toBeNull();
    expect(rememberedExport('project-a', undefined)).toBeNull();
  });
});
