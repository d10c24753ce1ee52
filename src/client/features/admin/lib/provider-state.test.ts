import { describe, expect, it } from 'vitest';
import { PROVIDER_STATES } from '@shared/schemas/admin';
import { PROVIDER_STATE_BADGES, checkInterval, providerHint, showsDetail } from './provider-state';

describe('provider states', () => {
  it('labels every state in words', () => {
    expect(PROVIDER_STATES.map((state) => PROVIDER_STATE_BADGES[state].label)).toEqual([
      'Answering',
      'Not found',
      'Unauthorised',
      'Unreachable',
      'Offline engine',
      'Not checked yet',
    ]);
  });

  it('hints at the variable for a missing model and at the credentials for a refusal', () => {
    const row = { variable: 'VIDEO_MODEL', backend: 'Vertex AI' };
    expect(providerHint({ ...row, state: 'not-found' })).toBe('Set VIDEO_MODEL to a model your provider serves');
    expect(providerHint({ ...row, state: 'unauthorised' })).toBe('Check the credentials for Vertex AI');
    expect(providerHint({ ...row, state: 'unreachable' })).toBeNull();
    expect(providerHint({ ...row, state: 'answering' })).toBeNull();
  });

  it('shows the detail only when something is wrong', () => {
    expect(PROVIDER_STATES.filter(showsDetail)).toEqual(['not-found', 'unauthorised', 'unreachable']);
  });

  it('says how often the server checks', () => {
    expect([300, 60, 90, 3600, 7200, 1].map(checkInterval)).toEqual([
      'every 5 minutes',
      'every minute',
      'every 90 seconds',
      'every hour',
      'every 2 hours',
      'every second',
    ]);
  });
});
