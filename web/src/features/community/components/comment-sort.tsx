import { css } from '@emotion/react';
import { colors, visuallyHidden } from '../../../components/ui/theme.ts';
import { nlPostPage } from '../../../messages/community.ts';
import type { Order } from '../hooks/use-sort-order.ts';

const options: { value: Order; label: string }[] = [
  { value: 'createdAt', label: nlPostPage.sortCreatedAt },
  { value: 'points', label: nlPostPage.sortPoints },
];

/**
 * 'Oudste eerst' or 'Populair': two radio buttons drawn as one switch (arrow keys move between them,
 * as with any radio group), 40px high.
 */
export function CommentSort({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  return (
    <fieldset
      css={css`
        border: 0;
        margin: 0;
        padding: 0;
        min-width: 0;
      `}
    >
      <legend css={visuallyHidden}>{nlPostPage.sortLabel}</legend>
      <div
        css={css`
          display: inline-flex;
          border: 1px solid ${colors.primary};
          border-radius: 20px;
          overflow: hidden;
        `}
      >
        {options.map((option) => {
          const checked = option.value === order;
          return (
            <label
              key={option.value}
              css={css`
                position: relative;
                display: inline-flex;
                align-items: center;
                min-height: 40px;
                padding: 6px 14px;
                font-size: 14px;
                font-weight: 600;
                cursor: pointer;
                background: ${checked ? colors.primary : colors.background};
                color: ${checked ? colors.onPrimary : colors.primary};
                &:has(input:focus-visible) {
                  outline: 3px solid ${colors.focus};
                  outline-offset: -3px;
                }
              `}
            >
              <input
                type="radio"
                name="comment-order"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                css={visuallyHidden}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
