import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors } from './theme.ts';

/** A form-level message: an error (role alert) or a notice (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  const color = kind === 'error' ? colors.error : kind === 'success' ? colors.success : colors.text;
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      css={css`
        margin: 0 0 16px;
        padding: 12px 14px;
        border-left: 4px solid ${color};
        background: ${colors.surface};
        color: ${color};
      `}
    >
      {children}
    </p>
  );
}
