import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useGenerationInfo } from '../api/get-generation-info';

/** Says plainly when clips come from the local offline engine rather than Veo (DESIGN §5). */
export function GenerationNotice({ className }: { className?: string }) {
  const info = useGenerationInfo();
  const notice = info.data?.notice;
  if (!notice) return null;

  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-sky-400/25 bg-sky-400/10 px-3 py-2 text-sm text-sky-100',
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden />
      <span>{notice}</span>
    </p>
  );
}
