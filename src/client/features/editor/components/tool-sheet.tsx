import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ToolSheetState } from '../hooks/use-tool-sheet';
import { EDITOR_TOOLS, TOOL_SHEET_ID } from './panels/editor-tools';
import { toolLaneIds } from './timeline/tool-lanes';
import { useTimelineLanes } from './timeline/use-timeline-lanes';

/**
 * On a phone, the open tool between the player and the tabs: its name and a Close button, then its controls,
 * which scroll inside it, so nothing pinned ever covers a focused one (decision 037). The timeline's lanes the tool
 * edits stay above it, in room the sheet gives up, so the video keeps its size (decision 065). On a wide screen it is
 * no box at all: its children are columns of the editor's grid.
 */
export function ToolSheet({ sheet, children }: { sheet: ToolSheetState; children: ReactNode }) {
  const tool = EDITOR_TOOLS.find(({ id }) => id === sheet.open);
  const lanes = useTimelineLanes();
  const besideLanes = tool !== undefined && toolLaneIds(tool.id, lanes).length > 0;
  return (
    <div
      id={TOOL_SHEET_ID}
      className={cn(
        'lg:contents',
        tool ? 'max-lg:flex max-lg:flex-col max-lg:border-t max-lg:border-white/10 max-lg:bg-card/40' : 'max-lg:hidden',
        tool && (besideLanes ? 'max-lg:h-[calc(38dvh-6rem)]' : 'max-lg:h-[38dvh]'),
      )}
    >
      {tool && (
        <div className="flex items-center justify-between gap-2 pr-2 pl-4 lg:hidden">
          <h2 className="text-sm font-semibold">{tool.title}</h2>
          <Button type="button" variant="ghost" size="icon" aria-label={`Close ${tool.title}`} title="Close" onClick={sheet.close}>
            <X aria-hidden />
          </Button>
        </div>
      )}
      <div className="lg:contents max-lg:min-h-0 max-lg:flex-1 max-lg:overflow-y-auto max-lg:overscroll-contain">
        {children}
      </div>
    </div>
  );
}
