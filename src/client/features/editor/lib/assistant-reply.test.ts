import { describe, expect, it } from 'vitest';
import { parseAssistantReply, parseInline } from './assistant-reply';

describe('parseAssistantReply', () => {
  it('splits an intro, a numbered list with bold titles and a closing line', () => {
    const reply = [
      'The first second decides whether people stay:',
      '1. **Move the hook up** — “Big news” sits 50% down the frame.',
      '2. **Open on motion**: trim the first half-second.',
      '3. **Make the first frame pop.** A warm grade helps.',
      '',
      '**Get suggestions** in AI Tools can apply changes like these for you.',
    ].join('\n');
    expect(parseAssistantReply(reply)).toEqual([
      { kind: 'paragraph', parts: [{ text: 'The first second decides whether people stay:', bold: false }] },
      {
        kind: 'list',
        items: [
          { number: 1, title: 'Move the hook up', body: [{ text: '“Big news” sits 50% down the frame.', bold: false }] },
          { number: 2, title: 'Open on motion', body: [{ text: 'trim the first half-second.', bold: false }] },
          { number: 3, title: 'Make the first frame pop', body: [{ text: 'A warm grade helps.', bold: false }] },
        ],
      },
      {
        kind: 'paragraph',
        parts: [
          { text: 'Get suggestions', bold: true },
          { text: ' in AI Tools can apply changes like these for you.', bold: false },
        ],
      },
    ]);
  });

  it('keeps items without a bold title, continuation lines and blank lines between items', () => {
    const blocks = parseAssistantReply('1) Post at 6 pm\n   when your audience is online\n\n2. **Hashtags** #city #night');
    expect(blocks).toEqual([
      {
        kind: 'list',
        items: [
          { number: 1, title: null, body: [{ text: 'Post at 6 pm\nwhen your audience is online', bold: false }] },
          { number: 2, title: 'Hashtags', body: [{ text: '#city #night', bold: false }] },
        ],
      },
    ]);
  });

  it('reads plain text as paragraphs and never turns markup into anything but text', () => {
    const blocks = parseAssistantReply('Hello <img src=x onerror=alert(1)>\nsecond line\n\nNew paragraph');
    expect(blocks).toEqual([
      { kind: 'paragraph', parts: [{ text: 'Hello <img src=x onerror=alert(1)>\nsecond line', bold: false }] },
      { kind: 'paragraph', parts: [{ text: 'New paragraph', bold: false }] },
    ]);
    expect(parseAssistantReply('')).toEqual([]);
  });
});

describe('parseInline', () => {
  it('bolds paired asterisks and leaves an unpaired pair as typed', () => {
    expect(parseInline('a **b** c **d')).toEqual([
      { text: 'a ', bold: false },
      { text: 'b', bold: true },
      { text: ' c **d', bold: false },
    ]);
  });
});
