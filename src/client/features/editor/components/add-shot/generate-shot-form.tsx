import { Coins, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { SHOT_DURATIONS } from '@shared/generation';
import type { GenerateMediaRequest, MediaAsset } from '@shared/schemas/media';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '../../api/get-current-user';
import { useGenerateShot } from '../../api/generate-shot';
import { formatDuration } from '../../lib/format-time';
import { shotOffer } from '../../lib/add-shot';

type ShotSeconds = (typeof SHOT_DURATIONS)[number];

/** The shot the new one follows: its id, its clip, and where it ends in that clip (its Out point, seconds). */
export interface AfterShot {
  id: string;
  mediaId: string;
  out: number;
}

interface GenerateShotFormProps {
  projectId: string;
  afterShot: AfterShot | null;
  onStarted: (asset: MediaAsset) => void;
}

/** A shot from a prompt: 4, 6 or 8 s at SPEC's rate pro rata, optionally starting on the previous shot's last frame. */
export function GenerateShotForm({ projectId, afterShot, onStarted }: GenerateShotFormProps) {
  const user = useCurrentUser();
  const [prompt, setPrompt] = useState('');
  const [seconds, setSeconds] = useState<ShotSeconds>(8);
  const [continuing, setContinuing] = useState(false);
  const [promptError, setPromptError] = useState<string | undefined>();
  const offer = shotOffer(user, seconds);
  const generate = useGenerateShot({
    onSuccess: onStarted,
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Generation failed', description: errorMessage(error, 'Please try again.') });
    },
  });

  const submit = () => {
    const text = prompt.trim();
    if (!text) {
      setPromptError('Prompt is required');
      return;
    }
    // The server appends it to the edit when it is ready, whether or not this dialog is still open.
    const request: GenerateMediaRequest = { prompt: text, duration: seconds, addToSequence: { afterShotId: afterShot?.id ?? null } };
    if (afterShot && continuing) request.continueFrom = { mediaId: afterShot.mediaId, at: afterShot.out };
    generate.mutate({ projectId, request });
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField id="add-shot-prompt" label="Prompt" hint="Describe the shot: what happens, the camera, the light." error={promptError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            className="min-h-20"
            placeholder="A paper boat drifts out of the gutter into a wide, sunlit canal"
            value={prompt}
            disabled={generate.isPending}
            onChange={(event) => {
              setPrompt(event.target.value);
              if (promptError && event.target.value.trim()) setPromptError(undefined);
            }}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend id="add-shot-length" className="mb-2 text-sm leading-none font-medium">
          Length
        </legend>
        <RadioGroup
          aria-labelledby="add-shot-length"
          className="grid-cols-3"
          value={String(seconds)}
          disabled={generate.isPending}
          onValueChange={(value) => {
            setSeconds(Number(value) as ShotSeconds);
          }}
        >
          {SHOT_DURATIONS.map((option) => (
            <RadioTile key={option} value={String(option)}>
              {`${String(option)} s`}
            </RadioTile>
          ))}
        </RadioGroup>
      </fieldset>
      {afterShot && (
        <label className="flex cursor-pointer items-start gap-2.5 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-fuchsia-400"
            checked={continuing}
            disabled={generate.isPending}
            onChange={(event) => {
              setContinuing(event.target.checked);
            }}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">Continue from the end of this shot</span>
            <span className="text-xs text-muted-foreground">{`The new shot starts on the frame where this one ends (${formatDuration(afterShot.out)} into its clip).`}</span>
          </span>
        </label>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-white/10 bg-white/5 px-4 py-3 text-sm">
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Cost</dt>
          <dd className="font-semibold">{offer.price}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">Your balance</dt>
          <dd className="inline-flex items-center gap-1.5 font-semibold">
            <Coins className="size-4 shrink-0 text-yellow-400" aria-hidden />
            {offer.balance}
          </dd>
        </div>
      </dl>
      {user !== null && !offer.affordable && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertDescription>{`Insufficient credits. This shot needs ${String(offer.credits)} credits and you have ${String(user.credits)}. Upgrade to Pro for unlimited videos.`}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" variant="brand" className="sm:justify-self-end" disabled={user === null || !offer.affordable || generate.isPending}>
        {generate.isPending && <Spinner aria-hidden />}
        {generate.isPending ? 'Starting…' : 'Generate shot'}
      </Button>
    </form>
  );
}
