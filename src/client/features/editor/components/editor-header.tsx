import { ArrowLeft, Redo2, Share2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { outputDuration } from '@shared/editor/editor-state';
import type { Project } from '@shared/schemas/project';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { SaveStatus } from '../lib/autosaver';
import { formatDuration } from '../lib/format-time';
import { canRedo, canUndo } from '../store/editor-reducer';
import { useEditor } from '../store/editor-context';
import { ExportButton } from './export/export-button';
import { ExtendVideoButton } from './extend-video/extend-video-button';
import { SaveIndicator } from './save-indicator';
import { ShareDialog } from './share-dialog';

interface EditorHeaderProps {
  project: Project;
  saveStatus: SaveStatus;
  onRetrySave: () => void;
}

/** On a phone the header takes two rows: the title keeps the first, the labelled actions the second. */
export function EditorHeader({ project, saveStatus, onRetrySave }: EditorHeaderProps) {
  const { store, dispatch } = useEditor();
  const [sharing, setSharing] = useState(false);
  const undoLabel = store.past.at(-1)?.command.label;
  const redoLabel = store.future.at(-1)?.command.label;

  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-white/5 bg-background px-2 py-2 max-sm:gap-y-0 max-sm:py-1 sm:flex-nowrap sm:gap-3 sm:px-4">
      <Button asChild variant="ghost" size="icon" aria-label="Back to Dashboard" title="Back to Dashboard">
        <Link href="/dashboard">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-sm font-semibold sm:text-base">{project.title}</h1>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Badge variant="secondary">{project.aspectRatio}</Badge>
          <span>{formatDuration(outputDuration(store.present))}</span>
        </p>
      </div>
      <SaveIndicator status={saveStatus} onRetry={onRetrySave} />
      <div data-testid="editor-actions" className="flex items-center gap-2 max-sm:w-full max-sm:justify-end sm:gap-3">
        <div className="flex items-center max-sm:mr-auto">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Undo"
            title={undoLabel ? `Undo ${undoLabel.toLowerCase()} (Ctrl+Z)` : 'Nothing to undo'}
            disabled={!canUndo(store)}
            onClick={() => dispatch({ type: 'undo' })}
          >
            <Undo2 aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Redo"
            title={redoLabel ? `Redo ${redoLabel.toLowerCase()} (Ctrl+Shift+Z)` : 'Nothing to redo'}
            disabled={!canRedo(store)}
            onClick={() => dispatch({ type: 'redo' })}
          >
            <Redo2 aria-hidden />
          </Button>
        </div>
        {/* On a phone Share is its icon, so Extend Video and Export keep their labels on one row. */}
        <Button type="button" variant="brand" size="sm" title="Share" onClick={() => setSharing(true)}>
          <Share2 aria-hidden />
          <span className="max-sm:sr-only">Share</span>
        </Button>
        <ShareDialog title={project.title} open={sharing} onOpenChange={setSharing} />
        <ExtendVideoButton project={project} />
        <ExportButton project={project} />
      </div>
    </header>
  );
}
