import { Film } from 'lucide-react';
import { useState } from 'react';
import { MAX_EXTENDED_DURATION } from '@shared/schemas/ai';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useExtensionFailureNotice } from '../../hooks/use-extension-failure-notice';
import { useEditor } from '../../store/editor-context';
import { KEEP_OR_DISCARD_FIRST } from '../../store/suggestion-preview';
import { ExtendVideoDialog } from './extend-video-dialog';

/** The header's Extend Video button and its dialog; disabled while the video is extended, at the maximum length, or while a suggestion is previewed. */
export function ExtendVideoButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  useExtensionFailureNotice(project);
  const extending = project.status === 'generating';
  const atMaximum = project.duration >= MAX_EXTENDED_DURATION;
  const previewing = useEditor().store.preview !== null;
  const reason = extending
    ? 'The video is being extended'
    : atMaximum
      ? `Videos can be extended up to ${String(MAX_EXTENDED_DURATION)} seconds`
      : previewing
        ? KEEP_OR_DISCARD_FIRST
        : undefined;

  return (
    <>
      {/* A disabled button gets no pointer events, so the reason sits on a wrapper the pointer can reach. */}
      <span title={reason} className="inline-flex">
        <Button type="button" variant="outline" size="sm" disabled={atMaximum || extending || previewing} onClick={() => setOpen(true)}>
          {extending ? <Spinner aria-hidden /> : <Film aria-hidden />}
          {/* Below 380 px the header's row has no room for the label beside 44 px touch targets (decision 037). */}
          <span className="max-[379px]:sr-only">{extending ? 'Extending…' : 'Extend Video'}</span>
        </Button>
      </span>
      {!atMaximum && !extending && <ExtendVideoDialog project={project} open={open} onOpenChange={setOpen} />}
    </>
  );
}
