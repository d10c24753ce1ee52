import { useEffect, useState } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import type { ExportSettings } from '@shared/schemas/export';
import type { Project } from '@shared/schemas/project';
import { toast } from '@/components/ui/use-toast';
import { useCancelExport } from '../../api/cancel-export';
import { useExportJob } from '../../api/export-job';
import { useStartExport } from '../../api/export-video';
import { rememberExport, rememberedExport } from '../../lib/remembered-export';
import { useEditor } from '../../store/editor-context';
import { renderTimeSentence } from './export-estimate';
import { DEFAULT_PRESET, chosenPreset, exportPhase, requestMessage, type ExportPreset } from './export-phase';

/**
 * The editor's export: the chosen settings, the job it started and that job's polled phase. It lives in the
 * header, not the dialog, so the render goes on (and its chip shows) while the creator keeps editing.
 * Toasts follow SPEC §8: 'Export started', 'Export complete!', 'Export failed'.
 */
export function useExportFlow(project: Pick<Project, 'id'>) {
  const { store } = useEditor();
  const [settings, setSettings] = useState<ExportSettings>(DEFAULT_PRESET.settings);
  const [jobId, setJobIdState] = useState<string | null>(() => rememberedExport(project.id));
  const job = useExportJob(jobId);
  const phase = exportPhase(jobId, job.data, job.error);
  const setJobId = (id: string | null) => {
    setJobIdState(id);
    rememberExport(project.id, id);
  };

  const start = useStartExport();
  const cancel = useCancelExport({
    onSuccess: () => toast({ title: 'Export cancelled', description: 'The render was stopped. Nothing was charged.' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not cancel the export', description: requestMessage(error) }),
  });
  // Each finished job is announced once: the effect runs again only for another job or phase.
  const failure = phase.kind === 'failed' ? phase.message : null;
  const completed = phase.kind === 'completed';
  const running = phase.kind === 'running';
  useEffect(() => {
    if (jobId === null) return;
    if (completed) toast({ title: 'Export complete!', description: 'Your video is ready to download.' });
    else if (failure !== null) toast({ variant: 'destructive', title: 'Export failed', description: failure });
  }, [jobId, completed, failure]);
  // Only a render still under way is worth finding again after a reload.
  useEffect(() => {
    if (jobId !== null && !running) rememberExport(project.id, null);
  }, [project.id, jobId, running]);

  return {
    phase,
    /** The length of what would be exported now: the edit's output. */
    outputSeconds: outputDuration(store.present),
    settings,
    presetName: chosenPreset(settings),
    starting: start.isPending,
    cancelling: cancel.isPending,
    /** A preset sets the file's size, format and quality; whether the captions are burned in stays as chosen. */
    choosePreset(preset: ExportPreset) {
      setSettings({ ...preset.settings, captions: settings.captions });
    },
    /** A manual change keeps the platform: the file is still for it (chosenPreset). */
    changeSettings(change: Partial<ExportSettings>) {
      setSettings({ ...settings, ...change });
    },
    exportVideo() {
      // Callbacks on mutate() are dropped by reset(): an export forgotten while the request runs stays forgotten.
      start.mutate(
        { projectId: project.id, settings, editorState: store.present, placedShotsSeen: store.placedShotsSeen },
        {
          onSuccess: ({ jobId: id, estimatedSeconds }) => {
            setJobId(id);
            const length = outputDuration(store.present);
            toast({
              title: 'Export started',
              description: `${renderTimeSentence(length, settings.resolution, estimatedSeconds ?? null)} Keep editing: the header shows its progress.`,
            });
          },
          onError: (error) => {
            toast({ variant: 'destructive', title: 'Export failed', description: requestMessage(error) });
          },
        },
      );
    },
    /** Stops the render on the server; the phase follows the job back to the settings. */
    cancelExport() {
      if (jobId !== null) cancel.mutate(jobId);
    },
    /** Export Again, and closing the dialog after the job ended: forget the job, back to the settings at 0 %. */
    reset() {
      setJobId(null);
      start.reset();
    },
  };
}

export type ExportFlow = ReturnType<typeof useExportFlow>;
