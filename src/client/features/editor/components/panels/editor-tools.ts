import { Captions, Mic, Music, Palette, Scissors, Sparkles, Type, Volume2, Wand, type LucideIcon } from 'lucide-react';

/**
 * The editing tools, in order: the sections of the tools column on a wide screen, the tabs that open a
 * tool's sheet on a phone (decision 037). `title` heads the section, `tab` labels its tab.
 */
export const EDITOR_TOOLS = [
  { id: 'text', title: 'Text Overlays', tab: 'Text', icon: Type },
  { id: 'effects', title: 'Visual Effects', tab: 'Effects', icon: Wand },
  { id: 'trim', title: 'Trim & Cut', tab: 'Trim', icon: Scissors },
  { id: 'audio', title: 'Audio', tab: 'Audio', icon: Volume2 },
  { id: 'voice', title: 'Voice-over', tab: 'Voice', icon: Mic },
  { id: 'music', title: 'Music', tab: 'Music', icon: Music },
  { id: 'captions', title: 'Captions', tab: 'Captions', icon: Captions },
  { id: 'color', title: 'Color Grading', tab: 'Color', icon: Palette },
  { id: 'ai', title: 'AI Tools', tab: 'AI', icon: Sparkles },
] as const satisfies readonly { id: string; title: string; tab: string; icon: LucideIcon }[];

export type EditorToolId = (typeof EDITOR_TOOLS)[number]['id'];

/** The id of the phone's tool sheet, which every tab controls. */
export const TOOL_SHEET_ID = 'editor-tool-sheet';
