import { Spinner } from '@/components/ui/spinner';

export function PageSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
