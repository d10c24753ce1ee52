import { cn } from '@/lib/utils';
import type { ToolSheetState } from '../hooks/use-tool-sheet';
import { KEEP_OR_DISCARD_FIRST } from '../store/suggestion-preview';
import { useEditor } from '../store/editor-context';
import { EDITOR_TOOLS, TOOL_SHEET_ID } from './panels/editor-tools';

/**
 * A phone's tools, one tap away at the bottom of the screen: a tab opens its tool's sheet, and closes it again
 * (decision 037). Each tab keeps a 44 px touch target; on the narrowest phones the row scrolls sideways.
 */
export function ToolTabs({ sheet, className }: { sheet: ToolSheetState; className?: string }) {
  const { store } = useEditor();
  return (
    <div role="group" aria-label="Tools" className={cn('grid auto-cols-[minmax(2.75rem,1fr)] grid-flow-col overflow-x-auto border-t border-white/10 bg-card lg:hidden', className)}>
      {EDITOR_TOOLS.map((tool) => {
        const Icon = tool.icon;
        const waitsForPreview = store.preview !== null && tool.id !== 'ai';
        return (
          <button
            key={tool.id}
            ref={sheet.tabRef(tool.id)}
            type="button"
            aria-expanded={sheet.open === tool.id}
            aria-controls={TOOL_SHEET_ID}
            title={waitsForPreview ? KEEP_OR_DISCARD_FIRST : tool.title}
            disabled={waitsForPreview}
            onClick={() => {
              sheet.toggle(tool.id);
            }}
            className="flex h-14 min-w-0 cursor-pointer flex-col items-center justify-center gap-1 overflow-hidden px-0.5 text-[10px] font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset disabled:cursor-not-allowed disabled:opacity-50 aria-expanded:bg-white/10 aria-expanded:text-foreground"
          >
            <Icon className={cn('size-5', sheet.open === tool.id && 'text-primary')} aria-hidden />
            <span className="max-w-full truncate">{tool.tab}</span>
          </button>
        );
      })}
    </div>
  );
}
