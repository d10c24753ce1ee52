import { useRef } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToastRoom } from './toast-room';
import { useToast } from './use-toast';

export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useToastRoom(viewport);

  return (
    <ToastProvider duration={5000} swipeThreshold={50}>
      {toasts.map(({ id, title, description, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1" data-radix-toast-announce-exclude="">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {/* The viewport itself is the live region, so each toast is read once and its text is not
          copied into Radix's hidden announcer (where a text lookup would find it twice). */}
      <ToastViewport ref={viewport} hotkey={['F8']} aria-live="assertive" />
    </ToastProvider>
  );
}
