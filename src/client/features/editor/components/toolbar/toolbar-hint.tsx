const SHORTCUTS: [string, string][] = [
  ['Space', 'Play / pause'],
  ['← →', 'Step one frame'],
  ['Enter', 'Edit the selected text'],
  ['Delete', 'Remove the selected text'],
  ['Ctrl/⌘ Z', 'Undo'],
  ['Ctrl/⌘ Shift Z', 'Redo'],
];

/** Shown beside the player while no overlay is selected. */
export function ToolbarHint() {
  return (
    <section aria-label="Text style" className="grid gap-4 rounded-xl border border-white/10 bg-card/70 p-4 text-sm">
      <div className="grid gap-1">
        <h2 className="font-semibold">Text style</h2>
        <p className="text-muted-foreground">Select a text overlay on the video to change its font, size, colour and outline.</p>
      </div>
      <div className="grid gap-2">
        <h3 className="text-xs font-medium text-muted-foreground">Keyboard</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
          {SHORTCUTS.map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-white/15 bg-white/5 px-1.5 py-0.5 font-mono text-[11px]">{keys}</kbd>
              </dt>
              <dd className="self-center text-muted-foreground">{action}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
