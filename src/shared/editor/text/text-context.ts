/** What the overlay module reads back from measureText (the browser's and Skia's TextMetrics both have it). */
interface TextMeasure {
  readonly width: number;
  readonly actualBoundingBoxLeft: number;
  readonly actualBoundingBoxRight: number;
  readonly actualBoundingBoxAscent: number;
  readonly actualBoundingBoxDescent: number;
  readonly fontBoundingBoxAscent: number;
  readonly fontBoundingBoxDescent: number;
}

/**
 * The part of a 2D canvas context that draws overlay text. The browser's CanvasRenderingContext2D
 * (preview) and @napi-rs/canvas's SKRSContext2D (export) are both assignable to it, so one module
 * lays out and draws the text for both, with the same rasteriser (Skia) and the same font files.
 */
export interface TextDrawingContext {
  font: string;
  fillStyle: string | object;
  strokeStyle: string | object;
  lineWidth: number;
  lineJoin: 'bevel' | 'miter' | 'round';
  miterLimit: number;
  textAlign: 'center' | 'end' | 'left' | 'right' | 'start';
  textBaseline: 'alphabetic' | 'bottom' | 'hanging' | 'ideographic' | 'middle' | 'top';
  direction: 'inherit' | 'ltr' | 'rtl';
  globalAlpha: number;
  measureText(text: string): TextMeasure;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  /** Fills with fillStyle: the box behind a caption's row. */
  fillRect(x: number, y: number, width: number, height: number): void;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  /** Draws a layer made by a LayerFactory; `image` is that layer's canvas. */
  drawImage(image: unknown, dx: number, dy: number): void;
}

/**
 * An offscreen surface of its own: the overlay is drawn into it opaque and then laid over the frame
 * with its opacity, which is what CSS `opacity` does (the outline does not show through the fill).
 * Browser: an OffscreenCanvas; export: an @napi-rs/canvas Canvas.
 */
interface TextLayer {
  ctx: TextDrawingContext;
  /** What the target context's drawImage takes: the layer's canvas. */
  image: unknown;
}
export type LayerFactory = (width: number, height: number) => TextLayer;
