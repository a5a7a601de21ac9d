import type { Interpolation, Theme } from '@emotion/react';
import type { HTMLAttributes, ReactNode, Ref } from 'react';

type Styles = Interpolation<Theme>;

/** The dimmed layer behind a modal: hidden from screen readers, a click on it closes the modal. */
export function ModalOverlay({
  onClose,
  styles,
  testId,
}: {
  onClose: () => void;
  styles: Styles;
  testId?: string;
}) {
  return <div aria-hidden="true" data-testid={testId} onClick={onClose} css={styles} />;
}

/**
 * The element a screen reader announces as a modal dialog, named by its title's id; focusable
 * itself (tabIndex -1) so focus can rest on it. Dialog and SlidePanel both draw theirs with it.
 */
export function ModalPanel({
  ref,
  labelledBy,
  styles,
  children,
  ...attributes
}: Omit<HTMLAttributes<HTMLDivElement>, 'css' | 'role'> & {
  ref: Ref<HTMLDivElement>;
  labelledBy: string;
  styles: Styles;
  children: ReactNode;
}) {
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      css={styles}
      {...attributes}
    >
      {children}
    </div>
  );
}
