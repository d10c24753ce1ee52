import { useEffect, type RefObject } from 'react';

/** The CSS variable an open dialog reads to keep out of the toasts' way (dialog.tsx, decision 065). */
const ROOM_VARIABLE = '--toast-room';

/**
 * How much of the bottom of the window the toasts take when they span its width (a phone's), in px: from the top of
 * their area to the window's bottom. None without a toast, or where they keep to a corner (a wide screen).
 */
export function toastRoom(area: { showing: boolean; top: number; width: number }, window: { width: number; height: number }): number {
  if (!area.showing || area.width < window.width - 1) return 0;
  return Math.max(0, Math.round(window.height - area.top));
}

/** Follows the toasts' area (the viewport, at the bottom of the window) and says on the root how much room it takes. */
export function useToastRoom(viewport: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const area = viewport.current;
    if (!area) return;
    const root = document.documentElement;
    const measure = () => {
      const box = area.getBoundingClientRect();
      const room = toastRoom({ showing: area.querySelector('[data-slot="toast"]') !== null, top: box.top, width: box.width }, { width: window.innerWidth, height: window.innerHeight });
      root.style.setProperty(ROOM_VARIABLE, `${String(room)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(ROOM_VARIABLE);
    };
  }, [viewport]);
}
