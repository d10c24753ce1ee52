import type { SpeechEngineReport } from '@shared/schemas/admin';
import { AdminTable } from './admin-table';

const COLUMNS = ['Speech role', 'Engine', 'Missing'] as const;

/** Which engine does each speech role (issue 27) and, for what is not installed, the Debian packages to add. */
export function SpeechEnginesTable({ engines }: { engines: readonly SpeechEngineReport[] }) {
  if (engines.length === 0) return null;
  return (
    <AdminTable name="Speech engines" columns={COLUMNS} minWidth="min-w-[36rem]">
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
    </AdminTable>
  );
}
