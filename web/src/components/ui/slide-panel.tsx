/**
 * A modal panel that slides in from the right (spec 9: 300 ms in, 350 ms out). While open it locks
 * page scrolling, keeps Tab inside, closes on Escape and on the overlay, and afterwards returns
 * focus to the element that opened it.
 */
import { css, type SerializedStyles } from '@emotion/react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { MENU_IN_MS, MENU_OUT_MS } from '../../lib/constants.ts';
import { trapTab } from './focus-trap.ts';
import { colors } from './theme.ts';

export interface SlidePanelProps {
  open: boolean;
  onClose: () => void;
  /** id of the heading that names the dialog. */
  labelledBy: string;
  children: ReactNode;
  /** The control that opened the panel; focus returns there. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Element inside the panel to focus when it opens (default: the panel). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  panelCss?: SerializedStyles;
  overlay?: boolean;
  testId?: string;
}

export function SlidePanel({
  open,
  onClose,
  labelledBy,
  children,
  returnFocusRef,
  initialFocusRef,
  panelCss,
  overlay = true,
  testId,
}: SlidePanelProps) {
  // mounted: in the DOM; shown: slid in. Closing keeps it mounted until the slide-out ends.
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (open) {
      setMounted(true);
      // Two frames: the panel must be painted off-screen once before the transition can run.
      let second = 0;
      const first = requestAnimationFrame(() => {
        second = requestAnimationFrame(() => setShown(true));
      });
      return () => {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      };
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), MENU_OUT_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!open || !mounted) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const returnTo = returnFocusRef?.current ?? (document.activeElement as HTMLElement | null);
    (initialFocusRef?.current ?? panelRef.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the panel (e.g. reporting a message) keeps its own keys.
      const target = event.target as Element | null;
      if (target?.closest?.('[role="dialog"]') && !panelRef.current?.contains(target)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      returnTo?.focus();
    };
  }, [open, mounted, returnFocusRef, initialFocusRef]);

  if (!mounted) return null;
  const duration = shown ? MENU_IN_MS : MENU_OUT_MS;

  return (
    <>
      {overlay ? (
        <div
          aria-hidden="true"
          onClick={() => onCloseRef.current()}
          css={css`
            position: fixed;
            inset: 0;
            z-index: 40;
            background: ${colors.overlay};
            opacity: ${shown ? 1 : 0};
            transition: opacity ${duration}ms ease;
          `}
        />
      ) : null}
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        data-testid={testId}
        data-state={shown ? 'open' : 'closed'}
        css={[
          css`
            position: fixed;
            top: 0;
            right: 0;
            bottom: 0;
            z-index: 50;
            width: 100%;
            display: flex;
            flex-direction: column;
            background: ${colors.background};
            box-shadow: -8px 0 24px rgba(0, 0, 0, 0.2);
            overflow-y: auto;
            transform: translateX(${shown ? '0' : '100%'});
            transition: transform ${duration}ms ${shown ? 'ease-out' : 'ease-in'};
            &:focus {
              outline: none;
            }
          `,
          panelCss,
        ]}
      >
        {children}
      </div>
    </>
  );
}
