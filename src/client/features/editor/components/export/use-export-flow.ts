import { useEffect, useState } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import type { ExportSettings } from '@shared/schemas/export';
import type { Project } from '@shared/schemas/project';
import { toast } from '@/components/ui/use-toast';
import { useExportJob } from '../../api/export-job';
import { useStartExport } from '../../api/export-video';
import { useEditor } from '../../store/editor-context';
import { exportEstimate } from './export-estimate';
import {
  DEFAULT_PRESET,
  exportPhase,
  presetSettings,
  requestMessage,
  sameSettings,
  type ExportPreset,
  type PresetName,
} from './export-phase';

/**
 * The export dialog's state: the chosen settings, the job it started and that job's polled phase.
 * Toasts follow SPEC §8: 'Export started', 'Export complete!', 'Export failed'.
 */
export function useExportFlow(project: Pick<Project, 'id'>) {
  const { store } = useEditor();
  const [settings, setSettings] = useState<ExportSettings>(DEFAULT_PRESET.settings);
  const [presetName, setPresetName] = useState<PresetName | null>(DEFAULT_PRESET.name);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);
  const phase = exportPhase(jobId, job.data, job.error);

  const start = useStartExport();
  // Each finished job is announced once: the effect runs again only for another job or phase.
  const failure = phase.kind === 'failed' ? phase.message : null;
  const completed = phase.kind === 'completed';
  useEffect(() => {
    if (jobId === null) return;
    if (completed) toast({ title: 'Export complete!', description: 'Your video is ready to download.' });
    else if (failure !== null) toast({ variant: 'destructive', title: 'Export failed', description: failure });
  }, [jobId, completed, failure]);

  return {
    phase,
    settings,
    presetName,
    starting: start.isPending,
    choosePreset(preset: ExportPreset) {
      setPresetName(preset.name);
      setSettings(preset.settings);
    },
    /** A manual change keeps the preset selected only while the settings still are the preset's. */
    changeSettings(change: Partial<ExportSettings>) {
      const next = { ...settings, ...change };
      setSettings(next);
      if (presetName !== null && !sameSettings(next, presetSettings(presetName))) setPresetName(null);
    },
    exportVideo() {
      // Callbacks on mutate() are dropped by reset(): a dialog closed while the request runs stays closed.
      start.mutate(
        { projectId: project.id, settings, editorState: store.present },
        {
          onSuccess: (id) => {
            setJobId(id);
            const length = outputDuration(store.present);
            toast({ title: 'Export started', description: `Rendering takes ${exportEstimate(length, settings.resolution)} for this ${Math.round(length)} s video at ${settings.resolution}.` });
          },
          onError: (error) => {
            toast({ variant: 'destructive', title: 'Export failed', description: requestMessage(error) });
          },
        },
      );
    },
    /** Export Again, and closing the dialog: forget the job, back to the settings at 0 %. */
    reset() {
      setJobId(null);
      start.reset();
    },
  };
}
