import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ToolSheetState } from '../hooks/use-tool-sheet';
import { EDITOR_TOOLS, TOOL_SHEET_ID } from './panels/editor-tools';

/**
 * On a phone, the open tool between the player and the tabs: its name and a Close button, then its controls,
 * which scroll inside it, so nothing pinned ever covers a focused one (decision 037). On a wide screen it is no
 * box at all: its children are columns of the editor's grid.
 */
export function ToolSheet({ sheet, children }: { sheet: ToolSheetState; children: ReactNode }) {
  const tool = EDITOR_TOOLS.find(({ id }) => id === sheet.open);
  return (
    <div
      id={TOOL_SHEET_ID}
      className={cn('lg:contents', tool ? 'max-lg:flex max-lg:h-[38dvh] max-lg:flex-col max-lg:border-t max-lg:border-white/10 max-lg:bg-card/40' : 'max-lg:hidden')}
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
