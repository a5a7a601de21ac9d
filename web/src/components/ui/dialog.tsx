/**
 * A modal dialog (WAI-ARIA dialog pattern): named by its title, focus moves into it when it opens
 * and Tab stays inside, the page behind is inert, Escape and the overlay close it, and focus returns
 * to the control that opened it (or `returnFocusRef` when that control is gone by then, e.g. the
 * delete button of what was just deleted).
 */
import { css } from '@emotion/react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { nl } from '../../messages/nl.ts';
import { IconButton } from './button.tsx';
import { focusableSelector, trapTab } from './focus-trap.ts';
import { colors, fontSize, mq } from './theme.ts';

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
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRefRef = useRef(returnFocusRef);
  returnFocusRefRef.current = returnFocusRef;

  // Runs once per opening: remember the opener, make the page inert, focus into the dialog.
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

  return createPortal(
    <div
      css={css`
        position: fixed;
        inset: 0;
        z-index: 60;
        display: flex;
        align-items: center;
        justify-content: center;
        padding: 16px;
      `}
    >
      <div
        aria-hidden="true"
        data-testid="dialog-overlay"
        onClick={() => onCloseRef.current()}
        css={css`
          position: absolute;
          inset: 0;
          background: ${colors.overlay};
        `}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        css={css`
          position: relative;
          width: 100%;
          max-width: ${wide ? 960 : 480}px;
          max-height: calc(100vh - 32px);
          overflow-y: auto;
          background: ${colors.background};
          border-radius: 10px;
          box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
          padding: 16px;
          ${mq.medium} {
            padding: 24px;
          }
          &:focus {
            outline: none;
          }
        `}
      >
        <div
          css={css`
            display: flex;
            align-items: flex-start;
            justify-content: space-between;
            gap: 8px;
            margin-bottom: 12px;
          `}
        >
          <h2
            id={titleId}
            css={css`
              margin: 10px 0 0;
              font-size: ${fontSize.xl};
            `}
          >
            {title}
          </h2>
          <IconButton label={nl.common.close} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true" css={{ fontSize: fontSize.title, lineHeight: 1 }}>
              ×
            </span>
          </IconButton>
        </div>
        <div ref={bodyRef}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
