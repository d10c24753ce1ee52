import { useState, type ReactNode } from 'react';
import type { SequenceLayout } from '@shared/editor/time-map';
import type { Project } from '@shared/schemas/project';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { cn } from '@/lib/utils';
import type { SequenceClock } from '../../lib/sequence-clock';
import type { ShotSourceOf } from '../../lib/shot-source';
import { useEditor } from '../../store/editor-context';
import { AiToolsSection } from '../ai-tools/ai-tools-section';
import { CaptionsSection } from '../captions/captions-section';
import { VoiceSection } from '../voice/voice-section';
import { MusicSection } from '../music/music-section';
import { AudioSection } from './audio-section';
import { ColorGradingSection } from './color-grading-section';
import { EDITOR_TOOLS, type EditorToolId } from './editor-tools';
import { TextOverlaysSection } from './text-overlays-section';
import { TrimSection } from './trim-section';
import { VisualEffectsSection } from './visual-effects-section';

const ALL_TOOLS: string[] = EDITOR_TOOLS.map((tool) => tool.id);

interface EditorPanelsProps {
  /** What the AI tools tell the assistant and suggestions about the video. */
  project: Pick<Project, 'id' | 'title' | 'prompt' | 'aspectRatio' | 'duration'>;
  thumbnailUrl: string | null;
  clock: SequenceClock;
  layout: SequenceLayout;
  sourceOf: ShotSourceOf;
  /** The tool a phone's sheet shows; a phone shows no other (decision 037). */
  phoneTool: EditorToolId | null;
}

export function EditorPanels({ project, thumbnailUrl, clock, layout, sourceOf, phoneTool }: EditorPanelsProps) {
  const { store } = useEditor();
  const [open, setOpen] = useState(ALL_TOOLS);
  // A tool a phone opens shows its section, even one closed on a wide screen before; closing it there stays possible.
  const [lastPhoneTool, setLastPhoneTool] = useState(phoneTool);
  if (phoneTool !== lastPhoneTool) {
    setLastPhoneTool(phoneTool);
    if (phoneTool !== null && !open.includes(phoneTool)) setOpen([...open, phoneTool]);
  }
  return (
    <Accordion type="multiple" value={open} onValueChange={setOpen} className="px-4">
      {/* A previewed suggestion holds the edit until it is kept or discarded in the AI tools (decision 036). */}
      <fieldset disabled={store.preview !== null} className="contents">
        <ToolSection id="text" phoneTool={phoneTool}>
          <TextOverlaysSection />
        </ToolSection>
        <ToolSection id="effects" phoneTool={phoneTool}>
          <VisualEffectsSection thumbnailUrl={thumbnailUrl} />
        </ToolSection>
        <ToolSection id="trim" phoneTool={phoneTool}>
          <TrimSection clock={clock} layout={layout} sourceOf={sourceOf} />
        </ToolSection>
        <ToolSection id="audio" phoneTool={phoneTool}>
          <AudioSection />
        </ToolSection>
        <ToolSection id="voice" phoneTool={phoneTool}>
          <VoiceSection />
        </ToolSection>
        <ToolSection id="music" phoneTool={phoneTool}>
          <MusicSection />
        </ToolSection>
        <ToolSection id="captions" phoneTool={phoneTool}>
          <CaptionsSection prompt={project.prompt} />
        </ToolSection>
        <ToolSection id="color" phoneTool={phoneTool}>
          <ColorGradingSection />
        </ToolSection>
      </fieldset>
      <ToolSection id="ai" phoneTool={phoneTool} className="border-b-0">
        <AiToolsSection project={project} />
      </ToolSection>
    </Accordion>
  );
}

/** One tool's section. On a phone the sheet's header names the tool, so the section shows only its content, and only in its sheet. */
function ToolSection({ id, phoneTool, className, children }: { id: EditorToolId; phoneTool: EditorToolId | null; className?: string; children: ReactNode }) {
  const title = EDITOR_TOOLS.find((tool) => tool.id === id)?.title;
  return (
    <AccordionItem value={id} className={cn('max-lg:border-b-0 max-lg:[&>h3]:hidden', phoneTool !== id && 'max-lg:hidden', className)}>
      <AccordionTrigger>{title}</AccordionTrigger>
      <AccordionContent>{children}</AccordionContent>
    </AccordionItem>
  );
}
