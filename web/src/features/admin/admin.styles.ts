import { css } from '@emotion/react';
import { colors } from '../../components/ui/theme.ts';

export const adminNav = css`
  display: flex;
  gap: 16px;
  margin-bottom: 16px;
  a[aria-current='page'] {
    font-weight: 700;
  }
`;

export const filters = css`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: end;
  margin-bottom: 16px;
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.9rem;
  }
  input,
  select {
    min-height: 40px;
    padding: 6px 8px;
    font: inherit;
  }
  input {
    min-width: min(280px, 100%);
  }
`;

export const table = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px 6px;
    border-bottom: 1px solid ${colors.border};
    vertical-align: top;
  }
  @media (max-width: 640px) {
    .wide {
      display: none;
    }
  }
`;

export const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const logList = css`
  list-style: none;
  padding: 0;
  li {
    padding: 8px 0;
    border-bottom: 1px solid ${colors.hover};
  }
`;

export const muted = css`
  color: ${colors.muted};
`;
