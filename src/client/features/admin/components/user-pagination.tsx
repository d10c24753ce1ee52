import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PageSlice } from '../lib/pagination';

interface UserPaginationProps {
  slice: Pick<PageSlice<unknown>, 'page' | 'pageCount' | 'from' | 'to' | 'total'>;
  onPageChange: (page: number) => void;
}

export function UserPagination({ slice, onPageChange }: UserPaginationProps) {
  const { page, pageCount, from, to, total } = slice;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-muted-foreground tabular-nums">
        Showing {from.toLocaleString()}–{to.toLocaleString()} of {total.toLocaleString()}
      </p>
      <nav aria-label="Pages of users" className="flex items-center gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <span className="text-sm text-muted-foreground tabular-nums">
          Page {page.toLocaleString()} of {pageCount.toLocaleString()}
        </span>
        <Button type="button" variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </nav>
    </div>
  );
}
