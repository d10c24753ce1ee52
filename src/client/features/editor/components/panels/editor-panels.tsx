import type { Project } from '@shared/schemas/project';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { useEditor } from '../../store/editor-context';
import { AiToolsSection } from '../ai-tools/ai-tools-section';
import { MusicSection } from '../music/music-section';
import { AudioSection } from './audio-section';
import { ColorGradingSection } from './color-grading-section';
import { TextOverlaysSection } from './text-overlays-section';
import { TrimSection } from './trim-section';
import { VisualEffectsSection } from './visual-effects-section';

const SECTIONS = ['text', 'effects', 'trim', 'audio', 'music', 'color', 'ai'];

interface EditorPanelsProps {
  /** What the AI tools tell the assistant and suggestions about the video. */
  project: Pick<Project, 'id' | 'title' | 'prompt' | 'aspectRatio' | 'duration'>;
  thumbnailUrl: string | null;
  currentTime: () => number;
  duration: number;
}

export function EditorPanels({ project, thumbnailUrl, currentTime, duration }: EditorPanelsProps) {
  const { store } = useEditor();
  return (
    <Accordion type="multiple" defaultValue={SECTIONS} className="px-4">
      {/* A previewed suggestion holds the edit until it is kept or discarded in the AI tools (decision 036). */}
      <fieldset disabled={store.preview !== null} className="contents">
        <AccordionItem value="text">
          <AccordionTrigger>Text Overlays</AccordionTrigger>
          <AccordionContent>
            <TextOverlaysSection />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="effects">
          <AccordionTrigger>Visual Effects</AccordionTrigger>
          <AccordionContent>
            <VisualEffectsSection thumbnailUrl={thumbnailUrl} />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="trim">
          <AccordionTrigger>Trim &amp; Cut</AccordionTrigger>
          <AccordionContent>
            <TrimSection currentTime={currentTime} duration={duration} />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="audio">
          <AccordionTrigger>Audio</AccordionTrigger>
          <AccordionContent>
            <AudioSection />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="music">
          <AccordionTrigger>Music</AccordionTrigger>
          <AccordionContent>
            <MusicSection />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="color">
          <AccordionTrigger>Color Grading</AccordionTrigger>
          <AccordionContent>
            <ColorGradingSection />
          </AccordionContent>
        </AccordionItem>
      </fieldset>
      <AccordionItem value="ai" className="border-b-0">
        <AccordionTrigger>AI Tools</AccordionTrigger>
        <AccordionContent>
          <AiToolsSection project={project} />
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
