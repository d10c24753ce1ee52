import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Gives the focus back, when a dialog closes, to what had it when the dialog opened (the button that opened
 * it). Radix returns the focus only to a Dialog.Trigger, and our dialogs are opened from state, so without
 * this the focus fell to the page's body. The opener is read as the dialog takes the focus (the content's
 * wrapper is rendered while the dialog is closed too). A caller's own handlers run first; a close handler
 * may take over by calling preventDefault (a dialog opened from a menu item that is gone by then).
 */
export function useFocusReturn(handlers: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    },
  };
}
