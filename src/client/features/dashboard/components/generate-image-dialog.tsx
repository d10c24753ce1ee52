import { zodResolver } from '@hookform/resolvers/zod';
import { Coins, Download, ImageIcon, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { generateImageRequestSchema, IMAGE_MODEL_NAMES, IMAGE_MODELS } from '@shared/schemas/ai';
import type { CurrentUser } from '@shared/schemas/user';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useGenerateImage } from '../api/generate-image';
import { creditsLabel, ImageModelChoice } from './image-model-choice';

interface GenerateImageDialogProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Prompt, model and the image it makes, with a download. The form and the last image live outside
 * the dialog's content, so closing and reopening the dialog keeps a paid-for image on screen.
 */
export function GenerateImageDialog({ user, open, onOpenChange }: GenerateImageDialogProps) {
  const form = useForm({
    resolver: zodResolver(generateImageRequestSchema),
    defaultValues: { prompt: '', model: IMAGE_MODEL_NAMES[0] },
  });
  const model = useWatch({ control: form.control, name: 'model' });
  const isPro = user.subscription === 'pro';
  const cost = IMAGE_MODELS[model].credits;
  const shortOfCredits = !isPro && user.credits < cost;

  const generate = useGenerateImage({
    onSuccess: () => {
      toast({ title: 'Image generated successfully', description: 'Download it, or change the prompt and try again.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to generate image', description: errorMessage(error, 'Please try again') });
    },
  });
  const shown = generate.isPending ? undefined : generate.data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl lg:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Generate Image</DialogTitle>
          <DialogDescription>Describe a picture: a cover, a thumbnail or a background for your next video.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <form
            noValidate
            className="grid content-start gap-4"
            onSubmit={(event) => {
              void form.handleSubmit((values) => {
                generate.mutate(values);
              })(event);
            }}
          >
            <FormField id="image-prompt" label="Prompt" error={form.formState.errors.prompt?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  className="min-h-20"
                  placeholder="A glowing paper lantern floating over a misty lake at dawn"
                  {...form.register('prompt')}
                />
              )}
            </FormField>
            <Controller
              control={form.control}
              name="model"
              render={({ field }) => <ImageModelChoice id="image-model" isPro={isPro} {...field} />}
            />
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Coins className="size-4 text-yellow-400" aria-hidden />
              {isPro ? (
                'Images are included in Pro.'
              ) : (
                <span>
                  Costs <span className="font-medium text-foreground">{creditsLabel(cost)}</span> · you have{' '}
                  <span className="font-medium text-foreground">{creditsLabel(user.credits)}</span>
                </span>
              )}
            </p>
            {shortOfCredits && (
              <Alert variant="destructive">
                <TriangleAlert aria-hidden />
                <AlertDescription>
                  Insufficient credits: this image costs {creditsLabel(cost)} and you have {creditsLabel(user.credits)}.
                  Upgrade to Pro for unlimited images.
                </AlertDescription>
              </Alert>
            )}
            <Button type="submit" variant="brand" size="lg" disabled={shortOfCredits || generate.isPending}>
              {generate.isPending ? <Spinner /> : <ImageIcon aria-hidden />}
              {generate.isPending ? 'Generating...' : 'Generate Image'}
            </Button>
          </form>
          <ImageResult
            imageUrl={shown}
            pending={generate.isPending}
            prompt={generate.variables?.prompt ?? ''}
            size={IMAGE_MODELS[generate.variables?.model ?? model]}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

interface ImageResultProps {
  imageUrl: string | undefined;
  pending: boolean;
  prompt: string;
  size: { width: number; height: number };
}

/** The image, its placeholder while it is made, or (on wide screens) where it will appear. */
function ImageResult({ imageUrl, pending, prompt, size }: ImageResultProps) {
  const figureRef = useRef<HTMLElement>(null);
  const aspectRatio = `${String(size.width)} / ${String(size.height)}`;

  // On a phone the result is below the form, out of sight: bring it into view once it is there.
  useEffect(() => {
    if (imageUrl) figureRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [imageUrl]);

  if (pending) {
    return (
      <div className="grid content-start justify-items-center gap-2" aria-live="polite">
        <Skeleton className="w-full max-w-72" style={{ aspectRatio, maxHeight: '60dvh' }} />
        <p className="text-sm text-muted-foreground">Creating your image…</p>
      </div>
    );
  }
  if (!imageUrl) {
    return (
      <div
        className="grid place-content-center justify-items-center gap-2 rounded-lg border border-dashed border-white/15 p-6 text-center text-sm text-muted-foreground max-lg:hidden"
        style={{ aspectRatio }}
      >
        <ImageIcon className="size-8 text-fuchsia-300/70" aria-hidden />
        Your image appears here
      </div>
    );
  }
  return (
    <figure ref={figureRef} className="grid content-start justify-items-center gap-3">
      <img
        src={imageUrl}
        alt={`Generated image: ${prompt}`}
        width={size.width}
        height={size.height}
        className="h-auto max-h-[min(60dvh,32rem)] w-auto max-w-full rounded-lg border border-white/10 bg-black/40"
      />
      <Button asChild variant="outline" className="w-full max-w-72">
        <a href={imageUrl} download="promptreel-image.png">
          <Download aria-hidden />
          Download
        </a>
      </Button>
    </figure>
  );
}
