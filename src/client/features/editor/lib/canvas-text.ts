import type { LayerFactory, TextDrawingContext } from '@shared/editor/text/text-context';

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas');
  return ctx;
}

let measuring: TextDrawingContext | null = null;

/** A detached canvas to measure text with: it sees the document's fonts like the drawn canvas does. */
export function measuringContext(): TextDrawingContext {
  measuring ??= context2d(document.createElement('canvas'));
  return measuring;
}

/** Offscreen layers for faded states: the overlay is drawn opaque into one, then laid over with its opacity. */
export const canvasLayers: LayerFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { ctx: context2d(canvas), image: canvas };
};
