import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

const Select = SelectPrimitive.Root;
const SelectValue = SelectPrimitive.Value;

function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-input/30 px-3 py-2 text-base whitespace-nowrap shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground md:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
        '[&>span]:line-clamp-1',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 opacity-60" aria-hidden />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * What must leave the tab order while a list is open: everything outside `content` except live regions (the
 * toasts) and Radix's focus guards, as the aria-hidden package chooses what to hide.
 */
function inertOutside(content: Element): HTMLElement[] {
  const made: HTMLElement[] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (child === content) continue;
      if (child.contains(content) || child.querySelector('[aria-live]')) {
        visit(child);
        continue;
      }
      const skipped = !(child instanceof HTMLElement) || child.inert || child.hasAttribute('data-radix-focus-guard') || child.matches('[aria-live], script, style');
      if (skipped) continue;
      child.inert = true;
      made.push(child);
    }
  };
  visit(document.body);
  return made;
}

/**
 * While a list is open Radix hides the rest of the page from screen readers (aria-hidden) but leaves its
 * controls in the tab order, which axe reports as aria-hidden-focus (serious); Radix does not use `inert`.
 * This makes the same part of the page inert too, until the list closes. It is rendered inside the
 * list, which Radix also renders, closed, into a detached fragment: there it does nothing.
 */
function InertBackground() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const content = marker.current?.closest('[data-slot="select-content"]');
    if (!content?.isConnected) return;
    const made = inertOutside(content);
    return () => {
      for (const element of made) element.inert = false;
    };
  }, []);
  return <span ref={marker} hidden />;
}

function SelectContent({ className, children, position = 'popper', ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-[8rem] overflow-x-hidden overflow-y-auto rounded-md border border-white/10 bg-popover text-popover-foreground shadow-xl shadow-black/50',
          position === 'popper' && 'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">
          {children}
          <InertBackground />
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-pointer items-center gap-2 rounded-sm py-2 pr-8 pl-2 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export { Select, SelectContent, SelectItem, SelectTrigger, SelectValue };
