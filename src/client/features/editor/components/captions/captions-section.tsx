import { Button } from '@/components/ui/button';
import { useEditor } from '../../store/editor-context';
import { CaptionLines } from './caption-lines';
import { CaptionMaker } from './caption-maker';
import { CaptionStyleFields } from './caption-style-fields';

/** The Captions panel: make captions while the edit has none; their style, words and lines once it has. */
export function CaptionsSection({ prompt }: { prompt: string | null }) {
  const { store, dispatch } = useEditor();
  const captions = store.present.captions;
  if (!captions) return <CaptionMaker prompt={prompt} />;
  return (
    <div className="grid gap-4">
      <CaptionStyleFields style={captions.style} />
      <CaptionLines lines={captions.lines} />
      <Button type="button" variant="outline" onClick={() => dispatch({ type: 'removeCaptions' })}>
        Remove captions
      </Button>
    </div>
  );
}
