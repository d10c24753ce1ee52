import { zodResolver } from '@hookform/resolvers/zod';
import { Coins, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { extendRequestSchema, type ExtensionQuote } from '@shared/schemas/ai';
import type { Project } from '@shared/schemas/project';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '../../api/get-current-user';
import { useExtendVideo } from '../../api/extend-video';
import { useExtensionQuote } from '../../api/get-extension-quote';
import { forgetExtensionFailure } from '../../hooks/use-extension-failure-notice';
import { formatDuration } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';

interface ExtendVideoDialogProps {
  project: Project;
  /** The edit's length on the output now, which the new shot lengthens (the cap counts it too). */
  outputSeconds: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ExtendVideoDialog({ project, outputSeconds, open, onOpenChange }: ExtendVideoDialogProps) {
  const { store } = useEditor();
  const user = useCurrentUser();
  const form = useForm({ resolver: zodResolver(extendRequestSchema), defaultValues: { prompt: '' } });
  const isPro = user?.subscription === 'pro';
  const quote = useExtensionQuote(project.id, outputSeconds, open);
  const offer = quote.data;
  const shortOfCredits = user !== null && offer !== undefined && !isPro && user.credits < offer.credits;

  const extend = useExtendVideo({
    onSuccess: (extending) => {
      forgetExtensionFailure(extending.id);
      // The editor stays mounted through the extension (its clip does not change): the dialog must not reopen after it.
      form.reset();
      onOpenChange(false);
      toast({ title: 'Video extension started', description: 'Keep watching this clip: the new shot is added after the last one when it is ready.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Extension failed', description: errorMessage(error, 'Please try again.') });
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Extend Video</DialogTitle>
          <DialogDescription>{describeOffer(project.title, offer)}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            void form.handleSubmit(({ prompt }) => {
              extend.mutate({ projectId: project.id, prompt, editorState: store.present, placedShotsSeen: store.placedShotsSeen });
            })(event);
          }}
        >
          <FormField
            id="extend-prompt"
            label="What happens next"
            hint="Describe how the scene continues: the motion, the camera, the mood."
            error={form.formState.errors.prompt?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                className="min-h-20"
                placeholder="The camera slowly pulls back to reveal the whole scene as the light fades"
                {...form.register('prompt')}
              />
            )}
          </FormField>
          <dl className="grid gap-2 rounded-lg border border-white/10 bg-white/5 px-4 py-3 text-sm sm:grid-cols-3 sm:gap-3">
            <CostItem label="Cost">{isPro ? 'Free on Pro' : offer === undefined ? '…' : `${String(offer.credits)} credits`}</CostItem>
            <CostItem label="Your balance">
              <Coins className="size-4 shrink-0 text-yellow-400" aria-hidden />
              {user === null ? '…' : isPro ? 'Unlimited' : `${String(user.credits)} credits`}
            </CostItem>
            <CostItem label="New length">{offer === undefined ? '…' : `about ${formatDuration(outputSeconds + offer.seconds)}`}</CostItem>
          </dl>
          {quote.isError && (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertDescription>{errorMessage(quote.error, 'The price could not be loaded. Close this dialog and try again.')}</AlertDescription>
            </Alert>
          )}
          {shortOfCredits && (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertDescription>Insufficient credits. Upgrade to Pro for unlimited extensions.</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="brand" disabled={user === null || offer === undefined || shortOfCredits || extend.isPending}>
              {extend.isPending && <Spinner />}
              {extend.isPending ? 'Starting...' : 'Extend Video'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function describeOffer(title: string, offer: ExtensionQuote | undefined): string {
  if (!offer) return `Continue “${title}”.`;
  const seconds = `${String(Math.round(offer.seconds * 10) / 10)} more seconds`;
  return offer.method === 'veo-extension'
    ? `Continue “${title}” with ${seconds}: Veo extends its own clip.`
    : `Continue “${title}” with ${seconds}, generated from its last frame.`;
}

/** A row on a phone, a column on wider screens. */
function CostItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 sm:grid sm:justify-start sm:gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="inline-flex items-center gap-1.5 font-semibold">{children}</dd>
    </div>
  );
}
