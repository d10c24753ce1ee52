import { describe, expect, it } from 'vitest';
import { trimWithIn, trimWithOut } from '../store/edit-actions';
import { trimMessage } from './trim-message';

describe('the Set In / Set Out toast', () => {
  const trim = { start: 2, end: 5 };

  it('says where the video starts or ends', () => {
    expect(trimMessage('in', trim, trimWithIn(trim, 3, 8)).description).toBe('The video now starts at 0:03.00.');
    expect(trimMessage('out', trim, trimWithOut(trim, 4, 8)).description).toBe('The video now ends at 0:04.00.');
  });

  it('says what moved when the new point crossed the other one', () => {
    expect(trimMessage('in', trim, trimWithIn(trim, 6, 8)).description).toBe(
      'The video now starts at 0:06.00. It was after the Out point, so the video now runs to 0:08.00.',
    );
    expect(trimMessage('out', trim, trimWithOut(trim, 1, 8)).description).toBe(
      'The video now ends at 0:01.00. It was before the In point, so the video now starts at 0:00.00.',
    );
  });
});
