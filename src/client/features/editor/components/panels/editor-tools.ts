import { Captions, Mic, Music, Palette, Scissors, Sparkles, Type, Volume2, Wand, type LucideIcon } from 'lucide-react';

/** A kind of timeline lane a tool edits: the shots, their sound, the voice-over, the music, the captions, the texts. */
export type ToolLane = 'video' | 'sound' | 'voice' | 'music' | 'captions' | 'text';

/**
 * The editing tools, in order: the sections of the tools column on a wide screen, the tabs that open a
 * tool's sheet on a phone (decision 037). `title` heads the section, `tab` labels its tab, `lanes` are the timeline's
 * lanes it edits, which a phone keeps in view above its sheet (decision 065).
 */
export const EDITOR_TOOLS = [
  { id: 'text', title: 'Text Overlays', tab: 'Text', icon: Type, lanes: ['text'] },
  { id: 'effects', title: 'Visual Effects', tab: 'Effects', icon: Wand, lanes: [] },
  { id: 'trim', title: 'Trim & Cut', tab: 'Trim', icon: Scissors, lanes: ['video'] },
  { id: 'audio', title: 'Audio', tab: 'Audio', icon: Volume2, lanes: ['sound'] },
  { id: 'voice', title: 'Voice-over', tab: 'Voice', icon: Mic, lanes: ['voice'] },
  { id: 'music', title: 'Music', tab: 'Music', icon: Music, lanes: ['music'] },
  { id: 'captions', title: 'Captions', tab: 'Captions', icon: Captions, lanes: ['captions'] },
  { id: 'color', title: 'Color Grading', tab: 'Color', icon: Palette, lanes: [] },
  { id: 'ai', title: 'AI Tools', tab: 'AI', icon: Sparkles, lanes: [] },
] as const satisfies readonly { id: string; title: string; tab: string; icon: LucideIcon; lanes: readonly ToolLane[] }[];

export type EditorToolId = (typeof EDITOR_TOOLS)[number]['id'];

/** The id of the phone's tool sheet, which every tab controls. */
export const TOOL_SHEET_ID = 'editor-tool-sheet';
