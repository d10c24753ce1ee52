import { describe, expect, it } from 'vitest';
import { quotedDialogue } from './caption-maker';

describe('quotedDialogue', () => {
  it('takes the dialogue quoted in a prompt, in straight or curly quotes, as a script to start from', () => {
    expect(quotedDialogue('A chef says "Taste this!" and the critic replies “Unbelievable.”')).toBe('Taste this! Unbelievable.');
    expect(quotedDialogue('Waves at dawn')).toBe('');
    expect(quotedDialogue(null)).toBe('');
  });
});
