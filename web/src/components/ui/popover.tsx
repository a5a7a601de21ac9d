/**
 * A disclosure popover: the trigger toggles it, an outside click or Escape closes it, and focus
 * returns to the trigger when it closes by keyboard. The panel receives focus when it opens.
 */
import { css, type SerializedStyles } from '@emotion/react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { colors } from './theme.ts';

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
  }, [open, close]);

  return (
    <div
      ref={containerRef}
      css={css`
        position: relative;
        display: inline-flex;
      `}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAndNotify(!open)}
        css={[
          css`
            position: relative;
            display: inline-flex;
            align-items: center;
            justify-content: center;
            min-width: 44px;
            height: 44px;
            padding: 0 4px;
            border: 0;
            border-radius: 22px;
            background: transparent;
            color: ${colors.text};
            cursor: pointer;
            &:hover {
              background: ${colors.surface};
            }
          `,
          triggerCss,
        ]}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          tabIndex={-1}
          css={[
            css`
              position: absolute;
              top: calc(100% + 8px);
              right: 0;
              z-index: 30;
              min-width: 220px;
              background: ${colors.background};
              border: 1px solid ${colors.border};
              border-radius: 8px;
              box-shadow: 0 8px 24px rgba(0, 0, 0, 0.15);
            `,
            panelCss,
          ]}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
