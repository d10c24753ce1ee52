import { Download, RotateCcw, Square, TriangleAlert } from 'lucide-react';
import { capWidth, standardSize } from '@shared/editor/frame-geometry';
import { exportPlatform } from '@shared/export-platforms';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '../../api/get-current-user';
import { CaptionExportFields } from './caption-export-fields';
import { exportCostNote } from './export-estimate';
import { describeSettings, lengthWarning } from './export-phase';
import { ExportPresets } from './export-presets';
import { ExportSettingsFields } from './export-settings-fields';
import { ExportStatus } from './export-status';
import type { ExportFlow } from './use-export-flow';

interface ExportDialogProps {
  project: Pick<Project, 'id' | 'title' | 'aspectRatio'>;
  /** The header's export: it outlives the dialog, so the render goes on while the dialog is closed. */
  flow: ExportFlow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ExportDialog({ project, flow, open, onOpenChange }: ExportDialogProps) {
  const user = useCurrentUser();
  const isPro = user?.subscription === 'pro';
  const { phase, settings } = flow;
  const running = phase.kind === 'running';
  const showSettings = phase.kind === 'settings' || phase.kind === 'failed';
  // A platform that takes no wider gets the frame scaled down (Instagram: 1920 px), as the export does.
  const size = capWidth(standardSize(project.aspectRatio, settings.resolution), settings.platform && exportPlatform(settings.platform).maxWidth);
  const warning = lengthWarning(flow.outputSeconds, settings.platform);
  const summary = `${describeSettings(settings)} · ${String(size.width)} × ${String(size.height)} px`;
  // Closing while it renders keeps the render (the header's chip follows it); closing after it ended forgets it (SPEC §4).
  const close = () => {
    if (!running) flow.reset();
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent className="max-w-xl">
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
            <CaptionExportFields settings={settings} disabled={flow.starting} onChange={flow.changeSettings} />
            <p className="text-xs text-muted-foreground">
              Output: {String(size.width)} × {String(size.height)} px{!isPro && ' · with the PromptReel watermark (free plan)'}
            </p>
            <p className="text-sm">{exportCostNote(flow.outputSeconds, settings.resolution)}</p>
            {warning && (
              <p role="note" className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
                {warning}
              </p>
            )}
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
          ) : running ? (
            <>
              <Button type="button" variant="outline" disabled={flow.cancelling} onClick={flow.cancelExport}>
                {flow.cancelling ? <Spinner /> : <Square aria-hidden />}
                Cancel Export
              </Button>
              <Button type="button" variant="brand" onClick={close}>
                Keep Editing
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="ghost" onClick={close}>
                Cancel
              </Button>
              <Button type="button" variant="brand" disabled={flow.starting} onClick={flow.exportVideo}>
                {flow.starting && <Spinner />}
                {flow.starting ? 'Starting...' : 'Export'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
