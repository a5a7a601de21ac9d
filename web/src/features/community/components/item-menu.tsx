import { css } from '@emotion/react';
import { Popover } from '../../../components/ui/popover.tsx';
import { bareList, colors, fontSize } from '../../../components/ui/theme.ts';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Opens a dialog (announced as such). */
  dialog?: boolean;
}

const itemStyle = css`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 10px 16px;
  border: 0;
  background: transparent;
  color: ${colors.text};
  font: inherit;
  font-size: ${fontSize.control};
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
  }
`;

/**
 * '⋯': the less frequent actions on a comment (edit, delete) behind one button, so the action row
 * stays one line on a phone at any depth. A disclosure (Popover): Escape or a click outside closes it.
 */
export function ItemMenu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <Popover
      label={label}
      trigger={
        <span aria-hidden="true" css={{ fontSize: fontSize.xxl, lineHeight: 1, letterSpacing: 1 }}>
          ⋯
        </span>
      }
      triggerCss={css`
        min-width: 40px;
        height: 40px;
        color: ${colors.primary};
      `}
      panelCss={css`
        min-width: 180px;
        padding: 4px 0;
      `}
    >
      {(close) => (
        <ul css={bareList}>
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                css={itemStyle}
                aria-haspopup={item.dialog ? 'dialog' : undefined}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
}
