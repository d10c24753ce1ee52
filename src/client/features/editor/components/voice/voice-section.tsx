import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { outputDuration, voiceClips } from '@shared/editor/editor-state';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '../../api/get-current-user';
import { useProjectMedia } from '../../api/get-project-media';
import { useCreateVoiceover, useDraftVoiceoverScript, useVoices } from '../../api/voices';
import { newId } from '../../lib/ids';
import { scriptHints } from '../../lib/script-hints';
import { followPlacedScript, type PlacedScript } from '../../lib/placed-script';
import { useEditor } from '../../store/editor-context';
import { PlacedVoice } from './placed-voice';
import { ScriptBox } from './script-box';
import { ScriptLabelRow } from './script-label-row';

/** Credits a voice-over costs a free user (decision 042). */
const VOICEOVER_CREDITS = 2;

/** Why Generate is greyed out while the script box is empty (issue 42.17): said under the button, and read with it. */
const EMPTY_SCRIPT_HINT = 'Write a script first, or let “Write it for me” draft one.';

/** Plays a voice's sample; one at a time. */
function VoicePreview({ url, name }: { url: string; name: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={playing ? `Stop the sample of ${name}` : `Hear ${name}`}
      title={playing ? 'Stop' : 'Hear this voice'}
      onClick={() => {
        if (playing) {
          audio.current?.pause();
          setPlaying(false);
          return;
        }
        audio.current?.pause();
        audio.current = new Audio(url);
        audio.current.onended = () => setPlaying(false);
        audio.current.onerror = () => setPlaying(false);
        setPlaying(true);
        void audio.current.play().catch(() => setPlaying(false));
      }}
    >
      {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
    </Button>
  );
}

/**
 * The Voice panel: a script and a voice make a voice-over, placed on the voice lane when it is ready (a new one
 * takes the old one's place); the music ducks under it in the export.
 */
export function VoiceSection() {
  const { store, dispatch, projectId } = useEditor();
  const placed = voiceClips(store.present)[0];
  const voices = useVoices();
  const media = useProjectMedia(projectId);
  const user = useCurrentUser();
  const create = useCreateVoiceover();
  const placedMedia = media.data?.find((asset) => asset.id === placed?.source.mediaId);
  // The box shows the placed voice-over's script again whenever another recording is placed (regenerate, undo, redo).
  const [box, setBox] = useState<PlacedScript>(() => ({ mediaId: placedMedia?.id, script: placedMedia?.prompt ?? '' }));
  const followed = followPlacedScript(box, placedMedia);
  if (followed !== box) setBox(followed);
  const script = followed.script;
  const setScript = (next: string) => setBox({ ...followed, script: next });
  const [voiceId, setVoiceId] = useState<string | null>(null);
  const chosen = voiceId ?? voices.data?.[0]?.id ?? null;

  // Leaving the panel stops the waiting (the server still makes the voice-over; it is not placed).
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  const generating = create.isPending;
  const failure = create.isError ? errorMessage(create.error, create.error.message || 'The voice-over could not be made.') : null;
  const draft = useDraftVoiceoverScript();
  const writing = draft.isPending;
  const hints = scriptHints(script, outputDuration(store.present));
  const cannotSpeak = script.trim() === '' || hints.problem !== null;

  return (
    <form
      className="grid gap-3"
      aria-busy={generating}
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen || cannotSpeak || generating || writing) return;
        stop.current = new AbortController();
        create.mutate(
          { projectId, request: { script, voiceId: chosen }, signal: stop.current.signal },
          {
            // The words re-time captions made from the voice-over this one replaces (decision 055).
            onSuccess: (asset) => dispatch({ type: 'placeVoice', mediaId: asset.id, seconds: asset.duration, newId: newId(), words: asset.words, previousWords: placedMedia?.words }),
          },
        );
      }}
    >
      <div className="grid gap-1.5">
        <ScriptLabelRow
          hasScript={script.trim() !== ''}
          writing={writing}
          disabled={generating}
          failure={draft.isError ? errorMessage(draft.error, 'The script could not be written. Please try again.') : null}
          onWrite={() => draft.mutate(projectId, { onSuccess: setScript })}
        />
        <ScriptBox script={script} hints={hints} disabled={generating || writing} onChange={setScript} />
      </div>
      <div className="grid gap-1.5">
        <Label>Voice</Label>
        {voices.isLoading ? (
          <Skeleton aria-label="Loading voices" className="h-9 w-full" />
        ) : voices.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(voices.error, 'The voices could not be loaded.')}
          </p>
        ) : (
          <div className="flex gap-2">
            <Select value={chosen ?? ''} onValueChange={setVoiceId} disabled={generating}>
              <SelectTrigger aria-label="Voice" className="flex-1">
                <SelectValue placeholder="No voice available" />
              </SelectTrigger>
              <SelectContent>
                {(voices.data ?? []).map((voice) => (
                  <SelectItem key={voice.id} value={voice.id}>
                    {voice.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {chosen && <VoicePreview url={voices.data?.find((voice) => voice.id === chosen)?.previewUrl ?? ''} name={voices.data?.find((voice) => voice.id === chosen)?.name ?? 'this voice'} />}
          </div>
        )}
      </div>
      {generating && (
        <div className="grid gap-1.5" role="status">
          <span className="text-xs text-muted-foreground">Recording the voice-over…</span>
          <Progress aria-label="Making the voice-over" />
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      )}
      <Button
        type="submit"
        disabled={!chosen || cannotSpeak || generating || writing}
        aria-describedby={script.trim() === '' ? 'voice-script-hint' : undefined}
      >
        {placed ? 'Regenerate voice-over' : 'Generate voice-over'}
        {user?.subscription !== 'pro' && <span className="text-xs opacity-80">· {VOICEOVER_CREDITS} credits</span>}
      </Button>
      {script.trim() === '' && !writing && (
        <p id="voice-script-hint" className="-mt-1 text-xs text-muted-foreground">
          {EMPTY_SCRIPT_HINT}
        </p>
      )}
      {placed && <PlacedVoice voice={placed} />}
    </form>
  );
}
