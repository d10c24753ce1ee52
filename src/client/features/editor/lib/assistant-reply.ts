/**
 * An assistant reply as blocks to render: paragraphs, and numbered lists whose items may open with a
 * **bold** title (SPEC §3: shown as cards). Text stays text: inline **bold** becomes spans, never HTML.
 */
export type InlinePart = { text: string; bold: boolean };

interface ReplyListItem {
  number: number;
  title: string | null;
  body: InlinePart[];
}

export type ReplyBlock = { kind: 'paragraph'; parts: InlinePart[] } | { kind: 'list'; items: ReplyListItem[] };

const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const BOLD_TITLE = /^\*\*(.+?)\*\*\s*(.*)$/;
/** What separates a title from its text: 'Title — text', 'Title: text', 'Title - text'. */
const SEPARATOR = /^[—–:-]\s*/;

export function parseAssistantReply(reply: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  let paragraph: string[] = [];
  let list: { number: number; lines: string[] }[] | null = null;

  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', parts: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', items: list.map((item) => listItem(item.number, item.lines.join('\n'))) });
    list = null;
  };

  for (const line of reply.replace(/\r\n?/g, '\n').split('\n')) {
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      endParagraph();
      list ??= [];
      list.push({ number: Number(numbered[1]), lines: [numbered[2] ?? ''] });
    } else if (line.trim() === '') {
      endParagraph();
      // A blank line inside a list does not end it: the next numbered line continues it.
    } else if (list && /^\s+\S/.test(line)) {
      // An indented line continues the item above it.
      list.at(-1)?.lines.push(line.trim());
    } else {
      endList();
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  endList();
  return blocks;
}

function listItem(number: number, text: string): ReplyListItem {
  const titled = BOLD_TITLE.exec(text);
  if (!titled) return { number, title: null, body: parseInline(text) };
  const title = (titled[1] ?? '').trim().replace(/[:.]$/, '');
  const body = (titled[2] ?? '').replace(SEPARATOR, '');
  return { number, title, body: parseInline(body) };
}

/** 'a **b** c' -> a, b (bold), c. An unmatched '**' stays as typed. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\*\*(.+?)\*\*/gs;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at), bold: false });
    parts.push({ text: match[1] ?? '', bold: true });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), bold: false });
  return parts;
}
