import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { ExportSettings } from '@shared/schemas/export';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { saveEditorState } from '../../api/save-editor-state';
import { useEditor } from '../../store/editor-context';

interface CaptionExportFieldsProps {
  settings: ExportSettings;
  disabled: boolean;
  onChange: (change: Partial<ExportSettings>) => void;
}

/**
 * For an edit with captions: whether the video shows them (burned in) or not, and the captions as subtitle files
 * (SRT, WebVTT) to upload beside it. A file is made from the saved edit, so the edit on screen is saved first.
 */
export function CaptionExportFields({ settings, disabled, onChange }: CaptionExportFieldsProps) {
  const { store, projectId } = useEditor();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  if (!store.present.captions) return null;

  const download = async (extension: 'srt' | 'vtt') => {
    setFailure(null);
    try {
      await saveEditorState(queryClient, projectId, store.present);
      const link = document.createElement('a');
      link.href = `/api/projects/${encodeURIComponent(projectId)}/captions.${extension}`;
      link.download = '';
      link.click();
    } catch (error) {
      setFailure(errorMessage(error, 'The captions could not be saved for download.'));
    }
  };

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Captions</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={(settings.captions ?? 'burned') === 'burned'}
          onChange={(event) => onChange({ captions: event.target.checked ? 'burned' : 'none' })}
        />
        Burn the captions into the video
      </label>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>Subtitle files:</span>
        <Button type="button" variant="outline" size="sm" onClick={() => void download('srt')}>
          <FileText aria-hidden />
          SRT
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void download('vtt')}>
          <FileText aria-hidden />
          WebVTT
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
