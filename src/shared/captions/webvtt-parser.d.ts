// webvtt-parser ships no types; the part the caption tests read (the W3C validator's parse tree).
declare module 'webvtt-parser' {
  interface WebVTTNode {
    type?: 'text' | 'timestamp' | 'object';
    value?: string | number;
    name?: string;
    children?: WebVTTNode[];
  }
  interface WebVTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: WebVTTNode;
  }
  interface WebVTTParseError {
    message: string;
    line: number;
    col: number;
  }
  export class WebVTTParser {
    /** HTML's named character references (html-entities.json); a small subset when left out. */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: WebVTTCue[]; errors: WebVTTParseError[]; time: number };
  }
}
