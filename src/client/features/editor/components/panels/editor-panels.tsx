import type { ReactNode } from 'react';
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
        <Panel value="text" title="Text Overlays">
          <TextOverlaysSection />
        </Panel>
        <Panel value="effects" title="Visual Effects">
          <VisualEffectsSection thumbnailUrl={thumbnailUrl} />
        </Panel>
        <Panel value="trim" title="Trim & Cut">
          <TrimSection currentTime={currentTime} duration={duration} />
        </Panel>
        <Panel value="audio" title="Audio">
          <AudioSection />
        </Panel>
        <Panel value="music" title="Music">
          <MusicSection />
        </Panel>
        <Panel value="color" title="Color Grading">
          <ColorGradingSection />
        </Panel>
      </fieldset>
      <Panel value="ai" title="AI Tools" className="border-b-0">
        <AiToolsSection project={project} />
      </Panel>
    </Accordion>
  );
}

function Panel({ value, title, className, children }: { value: string; title: string; className?: string; children: ReactNode }) {
  return (
    <AccordionItem value={value} className={className}>
      <AccordionTrigger>{title}</AccordionTrigger>
      <AccordionContent>{children}</AccordionContent>
    </AccordionItem>
  );
}
