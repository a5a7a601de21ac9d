import { css } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';
import { buttonStyle } from '../../../components/ui/button.tsx';
import { fontSize } from '../../../components/ui/theme.ts';

const actionStyle = css`
  min-height: 40px;
  padding: 6px 10px;
  font-size: ${fontSize.md};
  @media (min-width: 700px) {
    padding: 6px 12px;
    font-size: ${fontSize.control};
  }
`;

/** A compact text button in the action row of a post or comment: 40px high, a tap target on phones. */
export function ActionButton({ type = 'button', ...props }: ComponentPropsWithRef<'button'>) {
  return <button type={type} css={[buttonStyle('ghost', 'compact'), actionStyle]} {...props} />;
}
