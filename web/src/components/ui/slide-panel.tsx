/**
 * A modal panel that slides in from the right (spec 9: 300 ms in, 350 ms out). While open it locks
 * page scrolling, keeps Tab inside, closes on Escape and on the overlay, and afterwards returns
 * focus to the element that opened it.
 */
import type { SerializedStyles } from '@emotion/react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { MENU_IN_MS, MENU_OUT_MS } from '../../lib/constants.ts';
import { trapTab } from './focus-trap.ts';
import { ModalOverlay, ModalPanel } from './modal-parts.tsx';
import * as s from './slide-panel.styles.ts';

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

/**
 * `mounted`: in the DOM; `shown`: slid in. Opening mounts it off-screen, then slides it in; closing
 * slides it out and keeps it mounted until the slide-out ends.
 */
function useSlideIn(open: boolean) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
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
  return { mounted, shown };
}

/** While the panel is open: no page scrolling, focus inside, Tab kept inside, Escape closes; then focus back. */
function usePanelFocus(
  active: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  onCloseRef: RefObject<() => void>,
  { returnFocusRef, initialFocusRef }: Pick<SlidePanelProps, 'returnFocusRef' | 'initialFocusRef'>,
) {
  useEffect(() => {
    if (!active) return;
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
  }, [active, panelRef, onCloseRef, returnFocusRef, initialFocusRef]);
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
  const { mounted, shown } = useSlideIn(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  usePanelFocus(open && mounted, panelRef, onCloseRef, { returnFocusRef, initialFocusRef });

  if (!mounted) return null;
  const duration = shown ? MENU_IN_MS : MENU_OUT_MS;

  return (
    <>
      {overlay ? (
        <ModalOverlay
          onClose={() => onCloseRef.current()}
          styles={[s.overlay, s.overlayMotion(shown, duration)]}
        />
      ) : null}
      <ModalPanel
        ref={panelRef}
        labelledBy={labelledBy}
        data-testid={testId}
        data-state={shown ? 'open' : 'closed'}
        styles={[s.panel, s.panelMotion(shown, duration), panelCss]}
      >
        {children}
      </ModalPanel>
    </>
  );
}
