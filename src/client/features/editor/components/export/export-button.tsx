import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { ExportDialog } from './export-dialog';

/** The header's Export button and its dialog. */
export function ExportButton({ project }: { project: Pick<Project, 'id' | 'title' | 'aspectRatio'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="default" size="sm" title="Export video" onClick={() => setOpen(true)}>
        <Download aria-hidden />
        Export
      </Button>
      <ExportDialog project={project} open={open} onOpenChange={setOpen} />
    </>
  );
}
