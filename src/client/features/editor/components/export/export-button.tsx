import { CircleCheck, Download } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useEditor } from '../../store/editor-context';
import { KEEP_OR_DISCARD_FIRST } from '../../store/suggestion-preview';
import { ExportDialog } from './export-dialog';
import type { ExportPhase } from './export-phase';
import { useExportFlow } from './use-export-flow';

/**
 * The header's Export button and its dialog. While a render runs, or once it is ready and not yet looked at,
 * the button is a chip with its progress: the dialog can be closed and the editing goes on meanwhile.
 */
export function ExportButton({ project }: { project: Pick<Project, 'id' | 'title' | 'aspectRatio' | 'status'> }) {
  const [open, setOpen] = useState(false);
  const flow = useExportFlow(project);
  // The server renders the saved edit of a ready video; a video being extended is neither yet, and a previewed
  // suggestion is not in the edit until it is kept.
  const extending = project.status === 'generating';
  const previewing = useEditor().store.preview !== null;
  return (
    <>
      {flow.phase.kind === 'running' || flow.phase.kind === 'completed' ? (
        <ExportChip phase={flow.phase} onOpen={() => setOpen(true)} />
      ) : (
        <Button
          type="button"
          variant="default"
          size="sm"
          title={extending ? 'Export waits for the longer video' : previewing ? KEEP_OR_DISCARD_FIRST : 'Export video'}
          disabled={extending || previewing}
          onClick={() => setOpen(true)}
        >
          <Download aria-hidden />
          Export
        </Button>
      )}
      <ExportDialog project={project} flow={flow} open={open} onOpenChange={setOpen} />
    </>
  );
}

function ExportChip({ phase, onOpen }: { phase: Extract<ExportPhase, { kind: 'running' | 'completed' }>; onOpen: () => void }) {
  const ready = phase.kind === 'completed';
  // The name starts with the words shown, so a voice command can say what it sees (WCAG 2.5.3).
  const label = ready ? 'Ready — open the export to download it' : `Exporting ${String(phase.progress)}% — open the export`;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-testid="export-chip"
      data-state={ready ? 'ready' : 'running'}
      aria-label={label}
      title={label}
      className="relative overflow-hidden tabular-nums"
      onClick={onOpen}
    >
      {ready ? <CircleCheck className="text-emerald-400" aria-hidden /> : <Spinner />}
      {ready ? 'Ready' : <span><span className="max-sm:sr-only">Exporting </span>{phase.progress}%</span>}
      {!ready && (
        <span aria-hidden className="absolute inset-x-0 bottom-0 h-0.5 bg-white/10">
          <span className="block h-full bg-gradient-brand transition-[width] duration-300" style={{ width: `${String(phase.progress)}%` }} />
        </span>
      )}
    </Button>
  );
}
