import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';

interface EditorStatusProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}

/** Why the editor cannot open (missing project, video still generating), with the way back. */
export function EditorStatus({ icon, title, children }: EditorStatusProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <BrandLogo />
      <main className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
        {icon}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children && <div className="max-w-sm text-muted-foreground">{children}</div>}
        <Button asChild variant="brand" className="mt-4">
          <Link href="/dashboard">
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Link>
        </Button>
      </main>
    </div>
  );
}
