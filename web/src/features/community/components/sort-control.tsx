/**
 * 'Nieuwste' / 'Populair' as a segmented control: two native radio buttons, so arrow keys, Tab and
 * screen readers work as with any radio group.
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import { colors, visuallyHidden } from '../../../components/ui/theme.ts';
import { nlTimeline } from '../../../messages/community.ts';
import type { Order } from '../hooks/use-sort-order.ts';

const options: { value: Order; label: string }[] = [
  { value: 'createdAt', label: nlTimeline.newest },
  { value: 'points', label: nlTimeline.popular },
];

export function SortControl({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const name = useId();
  return (
    <fieldset
      css={css`
        display: flex;
        align-items: center;
        gap: 8px;
        margin: 0;
        padding: 0;
        border: 0;
        min-width: 0;
      `}
    >
      <legend css={visuallyHidden}>{nlTimeline.sortLabel}</legend>
      <span
        aria-hidden="true"
        css={css`
          color: ${colors.muted};
          font-size: 14px;
        `}
      >
        {nlTimeline.sortLabel}
      </span>
      <span
        css={css`
          display: inline-flex;
          padding: 3px;
          border-radius: 8px;
          background: ${colors.surface};
          border: 1px solid ${colors.border};
        `}
      >
        {options.map((option) => {
          const checked = option.value === order;
          return (
            <label
              key={option.value}
              css={css`
                display: inline-flex;
                align-items: center;
                min-height: 40px;
                padding: 0 14px;
                border-radius: 6px;
                font-size: 15px;
                font-weight: 600;
                cursor: pointer;
                color: ${checked ? colors.onPrimary : colors.text};
                background: ${checked ? colors.primary : 'transparent'};
                &:hover {
                  background: ${checked ? colors.primary : colors.background};
                }
                &:has(:focus-visible) {
                  outline: 3px solid ${colors.focus};
                  outline-offset: 2px;
                }
              `}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                css={visuallyHidden}
              />
              {option.label}
            </label>
          );
        })}
      </span>
    </fieldset>
  );
}
