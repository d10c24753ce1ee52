import { PRODUCT_NAME } from '@shared/product';

export function SiteFooter() {
  return (
    <footer className="border-t border-white/5">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>{PRODUCT_NAME}</p>
        <p>Powered by Google Veo</p>
      </div>
    </footer>
  );
}
