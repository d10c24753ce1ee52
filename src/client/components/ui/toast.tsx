import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const ToastProvider = ToastPrimitive.Provider;

function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // At the bottom on every screen: at the top of a phone a toast would cover the header and a dialog's close button.
        // There an open dialog makes room for them instead (toast-room.ts, decision 065).
        'fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-5 pr-9 shadow-lg shadow-black/40 transition-all data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        destructive: 'destructive group border-destructive bg-destructive text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * Escape belongs to the dialog the user is in, not to a toast that appeared over it: Radix hands Escape to
 * the newest layer, which is the toast. So unless focus is in the toast, Escape presses the open dialog's
 * own close (its ×, or an alert dialog's Cancel, which keep their guards) and the toast stays.
 */
function closeDialogUnderToast(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[data-slot="toast"]')) return false;
  const dialogs = document.querySelectorAll('[data-slot="dialog-content"][data-state="open"], [data-slot="alert-dialog-content"][data-state="open"]');
  const close = dialogs[dialogs.length - 1]?.querySelector<HTMLButtonElement>('[data-slot="dialog-close"], [data-slot="alert-dialog-cancel"]');
  if (!close || close.disabled) return false;
  close.click();
  return true;
}

function Toast({
  className,
  variant,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      className={cn(toastVariants({ variant }), className)}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        if (!event.defaultPrevented && closeDialogUnderToast(event)) event.preventDefault();
      }}
      {...props}
    />
  );
}

function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 cursor-pointer rounded-md p-1 text-foreground/60 opacity-70 transition-opacity hover:text-foreground hover:opacity-100 focus:opacity-100 focus:ring-2 focus:ring-ring focus:outline-none group-[.destructive]:text-red-100 group-[.destructive]:hover:text-white',
        className,
      )}
      {...props}
    >
      <X className="size-4" />
    </ToastPrimitive.Close>
  );
}

function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

type ToastProps = ComponentProps<typeof Toast>;

export { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, type ToastProps };
