import { describe, expect, it } from 'vitest';
import type { ExportJobResponse } from '@shared/schemas/export';
import { EXPORT_POLL_MS, exportJobQueryKey, exportJobRefetchInterval } from './export-job';

function state(status: 'pending' | 'success' | 'error', data?: ExportJobResponse) {
  return { state: { status, data } } as Parameters<typeof exportJobRefetchInterval>[0];
}

describe('polling an export job', () => {
  it('reads the job every 2 s while it is pending, and stops once it has completed or failed', () => {
    expect(EXPORT_POLL_MS).toBe(2000);
    expect(exportJobRefetchInterval(state('pending'))).toBe(2000);
    expect(exportJobRefetchInterval(state('success', { status: 'pending', progress: 30, outputUrl: null, errorMessage: null }))).toBe(2000);
    expect(exportJobRefetchInterval(state('success', { status: 'completed', progress: 100, outputUrl: '/d', errorMessage: null }))).toBe(false);
    expect(exportJobRefetchInterval(state('success', { status: 'failed', progress: 0, outputUrl: null, errorMessage: 'x' }))).toBe(false);
  });

  it('stops after a failed read, and keys the job by its API path', () => {
    expect(exportJobRefetchInterval(state('error', { status: 'pending', progress: 30, outputUrl: null, errorMessage: null }))).toBe(false);
    expect(exportJobQueryKey('abc').join('/')).toBe('/api/export-jobs/abc');
  });
});
