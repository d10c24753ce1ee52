import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  generationCost,
  segmentCount,
  SEGMENT_SECONDS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_DURATIONS,
  VIDEO_MODEL,
  VIDEO_PROVIDER,
  VIDEO_RESOLUTIONS,
} from '@shared/generation';
import { createProjectRequestSchema } from '@shared/schemas/project';
import type { CurrentUser } from '@shared/schemas/user';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreateProject } from '../api/create-project';
import { AspectRatioChoice, ResolutionChoice } from './format-choices';
import { GenerationCost } from './generation-cost';
import { InspireButton } from './inspire-button';

interface AiGenerateFormProps {
  user: CurrentUser;
  onCreated: () => void;
  initialPrompt?: string | undefined;
}

export function AiGenerateForm({ user, onCreated, initialPrompt = '' }: AiGenerateFormProps) {
  const form = useForm({
    resolver: zodResolver(createProjectRequestSchema),
    defaultValues: {
      title: '',
      prompt: initialPrompt,
      aspectRatio: VIDEO_ASPECT_RATIOS[0],
      duration: VIDEO_DURATIONS[0],
      provider: VIDEO_PROVIDER,
      model: VIDEO_MODEL,
      resolution: VIDEO_RESOLUTIONS[0],
    },
  });
  const { errors } = form.formState;
  const duration = Number(useWatch({ control: form.control, name: 'duration' }));
  const cost = generationCost(duration);
  const segments = segmentCount(duration);
  const isPro = user.subscription === 'pro';
  const shortOfCredits = !isPro && user.credits < cost;

  const createProject = useCreateProject({
    onSuccess: () => {
      toast({
        title: 'Video generation started',
        description: user.email
          ? "It may take a few minutes. We'll e-mail you when it's ready."
          : 'It may take a few minutes. It will appear in your projects when it is ready.',
      });
      form.reset();
      onCreated();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Generation failed', description: errorMessage(error, 'Please try again.') });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          createProject.mutate(values);
        })(event);
      }}
    >
      <FormField id="generate-title" label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} placeholder="Neon city night" {...form.register('title')} />}
      </FormField>
      <FormField
        id="generate-prompt"
        label="Prompt"
        labelAside={
          <InspireButton
            onInspired={(prompt) => {
              form.setValue('prompt', prompt, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            }}
          />
        }
        hint="Describe the scene, the motion and the mood."
        error={errors.prompt?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder="Rain-soaked neon street at night, slow dolly shot past glowing shop signs"
            {...form.register('prompt')}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="aspectRatio"
        render={({ field }) => <AspectRatioChoice id="generate-aspect" options={VIDEO_ASPECT_RATIOS} {...field} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="generate-duration"
          label="Duration"
          hint={segments > 1 ? `${String(segments)} × ${String(SEGMENT_SECONDS)}-second segments` : undefined}
          error={errors.duration?.message}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="duration"
              render={({ field }) => (
                <Select
                  value={String(field.value)}
                  onValueChange={(value) => {
                    field.onChange(Number(value));
                  }}
                >
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {VIDEO_DURATIONS.map((seconds) => (
                      <SelectItem key={seconds} value={String(seconds)}>
                        {seconds} seconds{isPro ? '' : ` · ${String(generationCost(seconds))} credits`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <Controller
          control={form.control}
          name="resolution"
          render={({ field }) => <ResolutionChoice id="generate-resolution" {...field} />}
        />
      </div>
      <GenerationCost user={user} cost={cost} />
      {shortOfCredits && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertDescription>
            Insufficient credits: this video costs {cost} credits and you have {user.credits}. Choose a shorter duration
            or upgrade to Pro for unlimited videos.
          </AlertDescription>
        </Alert>
      )}
      <Button type="submit" variant="brand" size="lg" disabled={shortOfCredits || createProject.isPending}>
        {createProject.isPending ? 'Starting...' : 'Generate Video'}
      </Button>
    </form>
  );
}
