/**
 * A disclosure popover: the trigger toggles it, an outside click or Escape closes it, and focus
 * returns to the trigger when it closes by keyboard. The panel receives focus when it opens.
 */
import type { SerializedStyles } from '@emotion/react';
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import * as s from './popover.styles.ts';

export interface PopoverProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the trigger shows (an icon, an avatar). */
  trigger: ReactNode;
  children: (close: (options?: { restoreFocus?: boolean }) => void) => ReactNode;
  panelCss?: SerializedStyles;
  triggerCss?: SerializedStyles;
  onOpenChange?: (open: boolean) => void;
}

type Close = (options?: { restoreFocus?: boolean }) => void;

/** While open: the panel has focus, a click outside closes it, Escape closes it and refocuses the trigger. */
function useDismiss(
  open: boolean,
  containerRef: RefObject<HTMLDivElement | null>,
  panelRef: RefObject<HTMLDivElement | null>,
  close: Close,
) {
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close({ restoreFocus: true });
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, containerRef, panelRef, close]);
}

export function Popover({ label, trigger, children, panelCss, triggerCss, onOpenChange }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const setOpenAndNotify = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const close = useCallback(
    (options?: { restoreFocus?: boolean }) => {
      setOpenAndNotify(false);
      if (options?.restoreFocus) triggerRef.current?.focus();
    },
    [setOpenAndNotify],
  );

  useDismiss(open, containerRef, panelRef, close);

  return (
    <div ref={containerRef} css={s.container}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAndNotify(!open)}
        css={[s.trigger, triggerCss]}
      >
        {trigger}
      </button>
      {open ? (
        <div ref={panelRef} id={panelId} tabIndex={-1} css={[s.panel, panelCss]}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
