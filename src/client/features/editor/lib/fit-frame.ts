export interface Size {
  width: number;
  height: number;
}

/** '9:16' -> 0.5625 (width over height); anything unreadable is taken as the vertical default. */
export function aspectValue(aspectRatio: string): number {
  const [w, h] = aspectRatio.split(':').map(Number);
  return w && h && w > 0 && h > 0 ? w / h : 9 / 16;
}

/** The largest frame of this aspect that fits the box, in whole pixels. */
export function fitFrame(aspect: number, box: Size): Size {
  if (box.width <= 0 || box.height <= 0) return { width: 0, height: 0 };
  const width = Math.min(box.width, box.height * aspect);
  return { width: Math.floor(width), height: Math.floor(width / aspect) };
}
