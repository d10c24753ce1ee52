import type { SpeechEngineReport } from '@shared/schemas/admin';

const COLUMNS = ['Speech role', 'Engine', 'Missing'] as const;

/** Which engine does each speech role (issue 27) and, for what is not installed, the Debian packages to add. */
export function SpeechEnginesTable({ engines }: { engines: readonly SpeechEngineReport[] }) {
  if (engines.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Speech engines table"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-white/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Speech engines</caption>
        <thead className="bg-white/[0.03] text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {engines.map((engine) => (
            <tr key={engine.role} className="border-b border-white/5 last:border-0">
              <th scope="row" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                {engine.roleLabel}
              </th>
              <td className="px-4 py-3">
                <span className={engine.available ? undefined : 'text-red-300'}>{engine.engine}</span>
                {engine.detail && <p className="mt-1 text-xs text-muted-foreground">{engine.detail}</p>}
              </td>
              <td className="px-4 py-3 text-muted-foreground">
                {engine.missing.length === 0 ? 'Nothing' : <code className="text-xs">apt-get install {engine.missing.join(' ')}</code>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
