/**
 * A modal dialog (WAI-ARIA dialog pattern): named by its title, focus moves into it when it opens
 * and Tab stays inside, the page behind is inert, Escape and the overlay close it, and focus returns
 * to the control that opened it (or `returnFocusRef` when that control is gone by then, e.g. the
 * delete button of what was just deleted).
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { nl } from '../../messages/nl.ts';
import { IconButton } from './button.tsx';
import * as s from './dialog.styles.ts';
import { focusableSelector, trapTab } from './focus-trap.ts';
import { ModalOverlay, ModalPanel } from './modal-parts.tsx';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** What to focus first (default: the first control under the title). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes afterwards when the opener is no longer on the page. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Wide dialogs (an image) get up to 960px, the rest 480px. */
  wide?: boolean;
}

/**
 * What an open dialog does to the page, once per opening: remember the opener, make the page inert
 * and unscrollable, focus into the dialog, keep Tab inside, close on Escape; and undo it all on
 * closing, focus back on the opener (or on `returnFocusRef` when the opener is gone).
 */
function useModalFocus(
  panelRef: RefObject<HTMLDivElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
  {
    onClose,
    initialFocusRef,
    returnFocusRef,
  }: Pick<DialogProps, 'onClose' | 'initialFocusRef' | 'returnFocusRef'>,
) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRefRef = useRef(returnFocusRef);
  returnFocusRefRef.current = returnFocusRef;

  // biome-ignore lint/correctness/useExhaustiveDependencies: initialFocusRef is read once, on opening
  useEffect(() => {
    // The opener may be gone already (a menu item whose menu closed): then returnFocusRef is used.
    const active = document.activeElement as HTMLElement | null;
    const opener = active && active !== document.body ? active : null;
    const app = document.getElementById('root');
    const wasInert = app?.inert ?? false;
    if (app) app.inert = true;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first =
      initialFocusRef?.current ??
      bodyRef.current?.querySelector<HTMLElement>(focusableSelector) ??
      panelRef.current;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (app) app.inert = wasInert;
      document.body.style.overflow = previousOverflow;
      const target = opener?.isConnected ? opener : returnFocusRefRef.current?.current;
      // After React has removed the dialog (and re-rendered what replaced the opener).
      requestAnimationFrame(() => {
        const next = target?.isConnected ? target : returnFocusRefRef.current?.current;
        next?.focus();
      });
    };
  }, []);
  return onCloseRef;
}

/** Mount it to open it, unmount it to close it. */
export function Dialog({
  title,
  onClose,
  children,
  initialFocusRef,
  returnFocusRef,
  wide = false,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useModalFocus(panelRef, bodyRef, { onClose, initialFocusRef, returnFocusRef });

  return createPortal(
    <div css={s.layer}>
      <ModalOverlay testId="dialog-overlay" onClose={() => onCloseRef.current()} styles={s.overlay} />
      <ModalPanel ref={panelRef} labelledBy={titleId} styles={[s.panel, wide ? s.panelWide : null]}>
        <div css={s.titleRow}>
          <h2 id={titleId} css={s.title}>
            {title}
          </h2>
          <IconButton label={nl.common.close} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true" css={s.closeMark}>
              ×
            </span>
          </IconButton>
        </div>
        <div ref={bodyRef}>{children}</div>
      </ModalPanel>
    </div>,
    document.body,
  );
}
