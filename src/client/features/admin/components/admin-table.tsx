import type { ReactNode } from 'react';

interface AdminTableProps {
  /** The region's and the table's name: 'Providers' makes the region 'Providers table'. */
  name: string;
  columns: readonly string[];
  /** Tailwind's min-width class: below it the table scrolls sideways. */
  minWidth: string;
  children: ReactNode;
}

/**
 * A table of the admin panel with its column headings. It scrolls sideways inside its card on a phone, never the
 * page, and is focusable so the arrow keys scroll it.
 */
export function AdminTable({ name, columns, minWidth, children }: AdminTableProps) {
  return (
    <div
      role="region"
      aria-label={`${name} table`}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-white/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={`w-full ${minWidth} text-sm`}>
        <caption className="sr-only">{name}</caption>
        <thead className="bg-white/[0.03] text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
