import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useAskAssistant } from '../../api/ask-assistant';
import { videoContextFor } from '../../lib/video-context';
import { useEditor } from '../../store/editor-context';
import { AssistantAvatar, ChatBubble, type ChatMessage } from './chat-message';

let messageCount = 0;
function messageId(): string {
  messageCount += 1;
  return `message-${String(messageCount)}`;
}

const STARTERS = ['How do I hook viewers in the first second?', 'Suggest hashtags for this video', 'When should I post it?'];

interface AssistantDialogProps {
  project: Pick<Project, 'title' | 'prompt' | 'aspectRatio' | 'duration'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A chat about this video. The conversation outlives closing the dialog, for as long as the editor is open. */
export function AssistantDialog({ project, open, onOpenChange }: AssistantDialogProps) {
  const { store } = useEditor();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const ask = useAskAssistant({
    onSuccess: (response) => {
      setMessages((current) => [...current, { id: messageId(), role: 'assistant', content: response }]);
    },
    onError: (_error, { message }) => {
      toast({ variant: 'destructive', title: 'AI Assistant error', description: 'Failed to get response. Please try again.' });
      // The unanswered question leaves the chat (SPEC §8) and goes back into the box to try again.
      setMessages((current) => {
        const last = current.findLastIndex((entry) => entry.role === 'user');
        return last < 0 ? current : current.filter((_, index) => index !== last);
      });
      setDraft((typed) => (typed.trim() === '' ? message : typed));
    },
  });

  const send = (text: string) => {
    const message = text.trim();
    if (message === '' || ask.isPending) return;
    setMessages((current) => [...current, { id: messageId(), role: 'user', content: message }]);
    setDraft('');
    ask.mutate({ message, videoContext: videoContextFor(project, store.present) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send(draft);
  };

  // A question and the pending indicator scroll to the bottom; a reply scrolls to its start, to be read from there.
  useEffect(() => {
    const log = logRef.current;
    const last = log?.lastElementChild;
    if (!log || !(last instanceof HTMLElement)) return;
    const isReply = !ask.isPending && messages.at(-1)?.role === 'assistant';
    log.scrollTop = isReply ? last.offsetTop - 4 : log.scrollHeight;
  }, [messages, ask.isPending]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[min(44rem,calc(100dvh-2rem))] max-w-2xl flex-col gap-3"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>AI Assistant</DialogTitle>
          <DialogDescription>Ask about hooks, captions, pacing, the look, music, hashtags or posting.</DialogDescription>
        </DialogHeader>
        <div
          ref={logRef}
          role="log"
          aria-label="Conversation"
          // A long conversation scrolls, and a reply may hold nothing focusable: keyboard users scroll it from here.
          tabIndex={0}
          className="relative -mx-1 grid min-h-0 flex-1 content-start gap-3 overflow-y-auto rounded-md px-1 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {messages.length === 0 && (
            <div className="grid justify-items-start gap-3 py-2">
              <div className="flex gap-2.5">
                <AssistantAvatar />
                <p className="rounded-2xl rounded-tl-sm bg-white/5 px-3.5 py-2.5 text-sm">
                  Hi! I know “{project.title}”: its overlays, look and trim. What would you like to improve?
                </p>
              </div>
              {/* As wide as the log (a grid item would size to its chips and never wrap them), each chip at most that wide. */}
              <div className="flex w-full flex-wrap gap-2 pl-9">
                {STARTERS.map((starter) => (
                  <Button key={starter} type="button" variant="outline" size="sm" className="h-auto max-w-full shrink py-1.5 whitespace-normal text-left" onClick={() => send(starter)}>
                    {starter}
                  </Button>
                ))}
              </div>
            </div>
          )}
          {messages.map((message) => (
            <ChatBubble key={message.id} message={message} />
          ))}
          {ask.isPending && (
            <div className="flex items-center gap-2.5">
              <AssistantAvatar />
              <p role="status" className="flex items-center gap-1 rounded-2xl rounded-tl-sm bg-white/5 px-3.5 py-3">
                <span className="sr-only">The assistant is thinking…</span>
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    aria-hidden
                    className="size-1.5 animate-bounce rounded-full bg-muted-foreground"
                    style={{ animationDelay: `${String(delay)}ms` }}
                  />
                ))}
              </p>
            </div>
          )}
        </div>
        <form
          className="flex items-end gap-2 border-t border-white/10 pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            send(draft);
          }}
        >
          <Label htmlFor="assistant-message" className="sr-only">
            Message
          </Label>
          <Textarea
            ref={inputRef}
            id="assistant-message"
            rows={1}
            maxLength={4000}
            value={draft}
            placeholder="Ask about this video…"
            aria-describedby="assistant-message-hint"
            className="max-h-40 min-h-10 resize-none"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="brand" size="icon" className="size-10" aria-label="Send" disabled={ask.isPending || draft.trim() === ''}>
            <SendHorizontal aria-hidden />
          </Button>
        </form>
        <p id="assistant-message-hint" className="-mt-1 text-[11px] text-muted-foreground max-sm:hidden">
          Enter sends · Shift+Enter adds a new line
        </p>
      </DialogContent>
    </Dialog>
  );
}
