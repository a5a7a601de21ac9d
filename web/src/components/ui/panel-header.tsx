import { css } from '@emotion/react';
import type { Ref } from 'react';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { panelStrip } from './theme.ts';

const rowStyle = (compact: boolean) => css`
  ${panelStrip};
  justify-content: space-between;
  padding: ${compact ? '4px 4px 4px 16px' : '8px 8px 8px 16px'};
`;

const titleStyle = (compact: boolean) => css`
  margin: 0;
  font-size: ${compact ? 18 : 20}px;
`;

/** The title row of a panel or popover (menu, chat, notifications) with its close button. */
export function PanelHeader({
  title,
  titleId,
  closeLabel,
  onClose,
  closeRef,
  compact = false,
}: {
  title: string;
  /** For the dialog's aria-labelledby. */
  titleId?: string;
  closeLabel: string;
  onClose: () => void;
  closeRef?: Ref<HTMLButtonElement>;
  /** The popover's smaller variant. */
  compact?: boolean;
}) {
  return (
    <div css={rowStyle(compact)}>
      <h2 id={titleId} css={titleStyle(compact)}>
        {title}
      </h2>
      <IconButton ref={closeRef} label={closeLabel} onClick={onClose}>
        <CloseIcon size={compact ? 20 : undefined} />
      </IconButton>
    </div>
  );
}
