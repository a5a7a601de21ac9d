/**
 * A sort choice ('Nieuwste' / 'Populair', 'Oudste eerst' / 'Populair', 'Nieuwste' / 'Punten') as
 * native radio buttons drawn as one control, so arrow keys, Tab and screen readers work as with any
 * radio group. Each control gets its own group name (useId), so two on one page never share one.
 * `look`: 'segmented' (the timeline and the members list: the label beside a boxed switch) or
 * 'pill' (the comments: a rounded switch beside their heading).
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';

export interface SortOption<V extends string> {
  value: V;
  label: string;
}

export function SortControl<V extends string>({
  label,
  options,
  value,
  onChange,
  look = 'segmented',
  className,
}: {
  /** The group's name for screen readers; shown beside the switch in the 'segmented' look. */
  label: string;
  options: readonly SortOption<V>[];
  value: V;
  onChange: (value: V) => void;
  look?: 'segmented' | 'pill';
  className?: string;
}) {
  const name = useId();
  const segmented = look === 'segmented';
  const Track = segmented ? 'span' : 'div';
  return (
    <fieldset className={className} css={segmented ? segmentedFieldset : pillFieldset}>
      <legend css={visuallyHidden}>{label}</legend>
      {segmented ? (
        <span aria-hidden="true" css={visibleLabel}>
          {label}
        </span>
      ) : null}
      <Track css={segmented ? segmentedTrack : pillTrack}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label key={option.value} css={segmented ? segmentedOption(checked) : pillOption(checked)}>
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
      </Track>
    </fieldset>
  );
}

const segmentedFieldset = css`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const visibleLabel = css`
  color: ${colors.muted};
  font-size: ${fontSize.md};
`;

const segmentedTrack = css`
  display: inline-flex;
  padding: 3px;
  border-radius: 8px;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
`;

const segmentedOption = (checked: boolean) => css`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 14px;
  border-radius: 6px;
  font-size: ${fontSize.control};
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
`;

const pillFieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const pillTrack = css`
  display: inline-flex;
  border: 1px solid ${colors.primary};
  border-radius: 20px;
  overflow: hidden;
`;

const pillOption = (checked: boolean) => css`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 6px 14px;
  font-size: ${fontSize.md};
  font-weight: 600;
  cursor: pointer;
  background: ${checked ? colors.primary : colors.background};
  color: ${checked ? colors.onPrimary : colors.primary};
  &:has(input:focus-visible) {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;
