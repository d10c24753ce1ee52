import { outOfDateVoiceClip } from '@shared/captions/voice-captions';
import { Button } from '@/components/ui/button';
import { useEditor } from '../../store/editor-context';
import { CaptionLines } from './caption-lines';
import { CaptionMaker } from './caption-maker';
import { CaptionStyleFields } from './caption-style-fields';
import { OutOfDateCaptions } from './out-of-date-captions';

/** The Captions panel: make captions while the edit has none; their style, words and lines once it has. */
export function CaptionsSection({ prompt }: { prompt: string | null }) {
  const { store, dispatch } = useEditor();
  const captions = store.present.captions;
  if (!captions) return <CaptionMaker prompt={prompt} />;
  const staleVoice = outOfDateVoiceClip(store.present);
  return (
    <div className="grid gap-4">
      {staleVoice && <OutOfDateCaptions voice={staleVoice} />}
      <CaptionStyleFields style={captions.style} />
      <CaptionLines lines={captions.lines} />
      <Button type="button" variant="outline" onClick={() => dispatch({ type: 'removeCaptions' })}>
        Remove captions
      </Button>
    </div>
  );
}
