import { Film } from 'lucide-react';
import { useState } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import { MAX_EXTENDED_DURATION } from '@shared/schemas/ai';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useExtensionFailureNotice } from '../../hooks/use-extension-failure-notice';
import { useEditor } from '../../store/editor-context';
import { KEEP_OR_DISCARD_FIRST } from '../../store/suggestion-preview';
import { ExtendVideoDialog } from './extend-video-dialog';
import { useAppendedShot } from './use-appended-shot';

/**
 * The header's Extend Video button and its dialog; disabled while the video is extended, when the output is at the
 * maximum length, or while a suggestion is previewed. It also brings the shot an extension appended into the edit.
 */
export function ExtendVideoButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  useExtensionFailureNotice(project);
  useAppendedShot(project);
  const { store } = useEditor();
  const extending = project.status === 'generating';
  // The cap counts the output (every shot), not the project's own clip.
  const output = outputDuration(store.present);
  const atMaximum = output >= MAX_EXTENDED_DURATION;
  const previewing = store.preview !== null;
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
      {!atMaximum && !extending && <ExtendVideoDialog project={project} outputSeconds={output} open={open} onOpenChange={setOpen} />}
    </>
  );
}
