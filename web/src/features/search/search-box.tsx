import { css } from '@emotion/react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { nlSearch } from '../../messages/search.ts';

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** One search box: in the header (compact) and on the search page. */
export function SearchBox({ initial = '', compact = false }: { initial?: string; compact?: boolean }) {
  const [q, setQ] = useState(initial);
  const id = useId();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (text.length >= 2) navigate(paths.community.searchFor(text));
  };
  return (
    <search>
      <form
        onSubmit={submit}
        css={css`
        display: flex;
        gap: 6px;
        align-items: center;
      `}
      >
        <label htmlFor={id} css={compact ? visuallyHidden : null}>
          {nlSearch.label}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          value={q}
          minLength={2}
          maxLength={100}
          placeholder={compact ? nlSearch.title : nlSearch.placeholder}
          onChange={(e) => setQ(e.target.value)}
          css={css`
          font: inherit;
          padding: 6px 10px;
          border: 1px solid #8a8aa0;
          border-radius: 6px;
          width: ${compact ? '9rem' : '100%'};
          min-width: 0;
          &:focus-visible {
            outline: 3px solid #5b5bd6;
            outline-offset: 1px;
          }
        `}
        />
        {compact ? null : (
          <button
            type="submit"
            css={css`
            font: inherit;
            padding: 6px 14px;
            border-radius: 6px;
            border: 0;
            background: #1d1d3a;
            color: #fff;
            cursor: pointer;
          `}
          >
            {nlSearch.submit}
          </button>
        )}
      </form>
    </search>
  );
}
