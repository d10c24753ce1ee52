import { Bot } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { cn } from '@/lib/utils';
import { parseAssistantReply, type InlinePart } from '../../lib/assistant-reply';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

/** One bubble: the user's words as typed, the assistant's with its numbered tips as cards. */
export function ChatBubble({ message }: { message: ChatMessage }) {
  if (message.role === 'user') {
    return (
      <article aria-label="Your message" className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary/25 px-3.5 py-2 text-sm whitespace-pre-wrap break-words">
        {message.content}
      </article>
    );
  }
  return (
    <article aria-label="Assistant reply" className="flex gap-2.5 sm:max-w-[95%]">
      <AssistantAvatar className="max-sm:hidden" />
      <div className="min-w-0 flex-1 rounded-2xl rounded-tl-sm bg-white/5 px-3.5 py-2.5 text-sm">
        <AssistantReply content={message.content} />
      </div>
    </article>
  );
}

export function AssistantAvatar({ className }: { className?: string }) {
  return (
    <span aria-hidden className={cn('grid size-7 shrink-0 place-items-center rounded-full bg-gradient-brand', className)}>
      <Bot className="size-4 text-white" />
    </span>
  );
}

function AssistantReply({ content }: { content: string }) {
  const blocks = useMemo(() => parseAssistantReply(content), [content]);
  return (
    <div className="grid gap-2.5 break-words">
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index} className="whitespace-pre-line">
            <Inline parts={block.parts} />
          </p>
        ) : (
          <ol key={index} className="grid gap-2">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} className="flex gap-2.5 rounded-lg border border-white/10 bg-black/25 p-2.5">
                <span aria-hidden className="grid size-5 shrink-0 place-items-center rounded-full bg-primary/25 text-[11px] font-semibold">
                  {item.number}
                </span>
                <div className="grid min-w-0 gap-0.5">
                  {item.title && <p className="font-semibold">{item.title}</p>}
                  {item.body.length > 0 && (
                    <p className="whitespace-pre-line text-muted-foreground">
                      <Inline parts={item.body} />
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}

function Inline({ parts }: { parts: InlinePart[] }) {
  return parts.map((part, index) =>
    part.bold ? (
      <strong key={index} className="font-semibold text-foreground">
        {part.text}
      </strong>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
