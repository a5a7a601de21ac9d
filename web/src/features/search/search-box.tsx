import { css } from '@emotion/react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { colors, mq } from '../../components/ui/theme.ts';
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

const SearchIcon = () => (
  <Icon>
    <path d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" />
  </Icon>
);

/**
 * The header's search: the box on wide screens, on narrower ones a magnifier that opens the search
 * page (whose box takes the focus there).
 */
export function HeaderSearch() {
  return (
    <>
      <Link
        to={paths.community.search}
        aria-label={nlSearch.title}
        css={css`
          display: inline-flex;
          align-items: center;
          justify-content: center;
          width: 44px;
          height: 44px;
          border-radius: 50%;
          color: ${colors.text};
          &:hover {
            background: ${colors.surface};
          }
          ${mq.large} {
            display: none;
          }
        `}
      >
        <SearchIcon />
      </Link>
      <div
        css={css`
          display: none;
          ${mq.large} {
            display: block;
            margin-right: 4px;
          }
        `}
      >
        <SearchBox compact />
      </div>
    </>
  );
}

/** One search box: in the header (compact) and on the search page. */
export function SearchBox({
  initial = '',
  compact = false,
  autoFocus = false,
}: {
  initial?: string;
  compact?: boolean;
  autoFocus?: boolean;
}) {
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
          // biome-ignore lint/a11y/noAutofocus: the page was opened to search; the box is its purpose
          autoFocus={autoFocus}
          onChange={(e) => setQ(e.target.value)}
          css={css`
          font: inherit;
          padding: ${compact ? '6px 10px' : '10px 12px'};
          min-height: ${compact ? '36px' : '44px'};
          border: 1px solid #767676;
          border-radius: 6px;
          width: ${compact ? '9rem' : '100%'};
          min-width: 0;
          &:focus-visible {
            outline: 3px solid ${colors.focus};
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
            background: ${colors.primary};
            color: ${colors.onPrimary};
            min-height: 44px;
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
