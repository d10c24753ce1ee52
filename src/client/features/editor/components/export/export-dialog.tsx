import { Download, RotateCcw } from 'lucide-react';
import { standardSize } from '@shared/editor/frame-geometry';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '../../api/get-current-user';
import { describeSettings, isCloseLocked } from './export-phase';
import { ExportPresets } from './export-presets';
import { ExportSettingsFields } from './export-settings-fields';
import { ExportStatus } from './export-status';
import { useExportFlow } from './use-export-flow';

interface ExportDialogProps {
  project: Pick<Project, 'id' | 'title' | 'aspectRatio'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ExportDialog({ project, open, onOpenChange }: ExportDialogProps) {
  const user = useCurrentUser();
  const isPro = user?.subscription === 'pro';
  const flow = useExportFlow(project);
  const { phase, settings } = flow;
  const locked = isCloseLocked(phase);
  const showSettings = phase.kind === 'settings' || phase.kind === 'failed';
  const size = standardSize(project.aspectRatio, settings.resolution);
  const summary = `${describeSettings(settings)} · ${String(size.width)} × ${String(size.height)} px`;
  const holdOpen = (event: Event) => {
    if (locked) event.preventDefault();
  };
  // SPEC §4: closing forgets the job and its progress.
  const close = () => {
    flow.reset();
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!locked) close();
      }}
    >
      <DialogContent className="max-w-xl" showCloseButton={!locked} onEscapeKeyDown={holdOpen} onInteractOutside={holdOpen}>
        <DialogHeader>
          <DialogTitle>Export Video</DialogTitle>
          <DialogDescription>
            Render “{project.title}” with its text, effects, grade, trim and audio into a file ready to post.
          </DialogDescription>
        </DialogHeader>
        {showSettings ? (
          <div className="grid gap-5">
            <ExportPresets value={flow.presetName} isPro={isPro} disabled={flow.starting} onChoose={flow.choosePreset} />
            <ExportSettingsFields settings={settings} isPro={isPro} disabled={flow.starting} onChange={flow.changeSettings} />
            <p className="text-xs text-muted-foreground">
              Output: {String(size.width)} × {String(size.height)} px{!isPro && ' · with the PromptReel watermark (free plan)'}
            </p>
          </div>
        ) : (
          <ExportStatus phase={phase} summary={summary} />
        )}
        <DialogFooter>
          {phase.kind === 'completed' ? (
            <>
              <Button type="button" variant="outline" onClick={flow.reset}>
                <RotateCcw aria-hidden />
                Export Again
              </Button>
              <Button asChild variant="brand">
                <a href={phase.outputUrl} download>
                  <Download aria-hidden />
                  Download Video
                </a>
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="ghost" disabled={locked} onClick={close}>
                Cancel
              </Button>
              <Button type="button" variant="brand" disabled={!showSettings || flow.starting} onClick={flow.exportVideo}>
                {(flow.starting || phase.kind === 'running') && <Spinner />}
                {flow.starting ? 'Starting...' : phase.kind === 'running' ? 'Exporting...' : 'Export'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
