import { useEffect, useRef, useState } from 'react';
import { voiceClips, type EditorState } from '@shared/editor/editor-state';
import type { MediaAsset } from '@shared/schemas/media';
import type { CaptionsRequest } from '@shared/schemas/speech';
import { quotedDialogue } from '@shared/speech/quoted-dialogue';
import { MAX_SCRIPT_CHARACTERS } from '@shared/speech/timed-word';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useMakeCaptions } from '../../api/caption-jobs';
import { useCurrentUser } from '../../api/get-current-user';
import { useProjectMedia } from '../../api/get-project-media';
import { newId } from '../../lib/ids';
import { useEditor } from '../../store/editor-context';

type Source = CaptionsRequest['source'];

/** The dialogue quoted in the shots' prompts, in play order (the project's prompt before the media list is read). */
function sequenceDialogue(state: EditorState, media: readonly MediaAsset[] | undefined, projectPrompt: string | null): string {
  if (!media) return quotedDialogue(projectPrompt ?? '');
  const prompts = state.shots.map((shot) => media.find((asset) => asset.id === shot.mediaId)?.prompt ?? '');
  // A shot split in two, or used twice in a row, says its line once.
  return prompts
    .filter((prompt, index) => prompt !== prompts[index - 1])
    .map(quotedDialogue)
    .filter(Boolean)
    .join(' ');
}

/** Makes captions: from the voice-over on the voice lane, a script timed to the sound, or a transcription of it. */
export function CaptionMaker({ prompt }: { prompt: string | null }) {
  const { store, dispatch, projectId } = useEditor();
  const voice = voiceClips(store.present)[0];
  const user = useCurrentUser();
  const media = useProjectMedia(projectId);
  // Until the creator picks or types, the choices follow the edit: a voice-over placed since the panel opened is the
  // source, and the script is the dialogue the shots' prompts quote.
  const [chosen, setSource] = useState<Source | null>(null);
  const source = chosen === 'voice' && !voice ? 'script' : (chosen ?? (voice ? 'voice' : 'script'));
  const [typed, setScript] = useState<string | null>(null);
  const script = typed ?? sequenceDialogue(store.present, media.data, prompt);
  const make = useMakeCaptions();
  // Leaving the panel stops the waiting (the server's job still finishes; nothing is placed).
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const working = make.isPending;
  const failure = make.isError ? errorMessage(make.error, make.error.message || 'The captions could not be made.') : null;
  const request = (): CaptionsRequest | null => {
    if (source === 'voice') return voice ? { source, mediaId: voice.source.mediaId } : null;
    if (source === 'script') return script.trim() ? { source, script } : null;
    return { source };
  };
  const ready = request();

  return (
    <form
      className="grid gap-3"
      aria-busy={working}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || working) return;
        stop.current = new AbortController();
        make.mutate(
          { projectId, request: ready, editorState: store.present, signal: stop.current.signal },
          {
            // Captions from the voice-over follow it (decision 055).
            onSuccess: (words) =>
              dispatch({ type: 'setCaptions', words, idPrefix: newId(), ...(ready.source === 'voice' && voice ? { voice: { clipId: voice.id, mediaId: ready.mediaId } } : {}) }),
          },
        );
      }}
    >
      <RadioGroup aria-label="Words from" value={source} onValueChange={(value) => setSource(value as Source)} className="grid grid-cols-3 gap-2" disabled={working}>
        <RadioTile value="voice" disabled={!voice} title={voice ? undefined : 'Add a voice-over first'}>
          Voice-over
        </RadioTile>
        <RadioTile value="script">Script</RadioTile>
        <RadioTile value="transcribe">Transcribe</RadioTile>
      </RadioGroup>
      {source === 'voice' && <p className="text-xs text-muted-foreground">Each word exactly where the voice-over says it.</p>}
      {source === 'script' && (
        <div className="grid gap-1.5">
          <Label htmlFor="caption-script">The words spoken in the video</Label>
          <Textarea
            id="caption-script"
            value={script}
            maxLength={MAX_SCRIPT_CHARACTERS}
            onChange={(event) => setScript(event.target.value)}
            placeholder="Paste what is said; each word is timed to the sound."
            disabled={working}
          />
        </div>
      )}
      {source === 'transcribe' && (
        <p className="text-xs text-muted-foreground">
          The words are heard from the sound: a draft to correct. {user?.subscription === 'pro' ? 'Free on Pro.' : 'Costs 2 credits.'}
        </p>
      )}
      {working && (
        <div className="grid gap-1.5" role="status">
          <span className="text-xs text-muted-foreground">{source === 'transcribe' ? 'Listening to the sound…' : 'Timing the words…'}</span>
          <Progress aria-label="Making captions" />
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={!ready || working}>
        Make captions
      </Button>
    </form>
  );
}
