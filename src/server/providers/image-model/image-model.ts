/** The ImageModel port: a prompt becomes a PNG of the requested size. */
export interface ImageModel {
  /** Which engine: the offline renderer, Gemini's image model, or OpenAI's images API. */
  readonly kind: 'offline' | 'gemini' | 'openai';
  generate(request: { prompt: string; width: number; height: number; quality: 'standard' | 'hd' }): Promise<Buffer>;
}
