import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { mq } from '../../components/ui/theme.ts';
import { paths } from '../../lib/paths.ts';
import { nlSearch } from '../../messages/search.ts';
import * as s from './search-box.styles.ts';

const SearchIcon = () => (
  <Icon>
    <path d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z" />
  </Icon>
);

/**
 * The header's search: the box on wide screens, on narrower ones a magnifier that opens the search
 * page (whose box takes the focus there). `crowded` (a moderator's header has one button more) keeps
 * the magnifier up to 1440 px, so the site's navigation keeps one line.
 */
export function HeaderSearch({ crowded = false }: { crowded?: boolean }) {
  const wide = crowded ? '@media (min-width: 1440px)' : mq.large;
  return (
    <>
      <Link to={paths.community.search} aria-label={nlSearch.title} css={s.magnifier(wide)}>
        <SearchIcon />
      </Link>
      <div css={s.headerBox(wide)}>
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
      <form onSubmit={submit} css={s.form}>
        <label htmlFor={id} css={compact ? s.visuallyHidden : s.label}>
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
          css={[s.input, compact ? s.inputCompact : null]}
        />
        {compact ? null : (
          <button type="submit" css={s.submit}>
            {nlSearch.submit}
          </button>
        )}
      </form>
    </search>
  );
}
