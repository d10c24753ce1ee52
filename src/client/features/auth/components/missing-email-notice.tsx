import { MailX } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@shared/schemas/user';
import { Button } from '@/components/ui/button';
import { AddEmailDialog } from './add-email-dialog';

/** A reset link needs an address to go to: an account made without one is told so, and can add one here. */
export function MissingEmailNotice({ user }: { user: CurrentUser }) {
  const [adding, setAdding] = useState(false);
  if (user.email) return null;

  return (
    <>
      <div
        role="note"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
      >
        <MailX className="size-4 shrink-0 text-amber-300" aria-hidden />
        <span className="min-w-0 flex-1">No email on this account, so a forgotten password can't be reset.</span>
        <Button type="button" size="sm" variant="outline" onClick={() => setAdding(true)}>
          Add email
        </Button>
      </div>
      <AddEmailDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
