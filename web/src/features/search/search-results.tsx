import { css } from '@emotion/react';
import type { SearchHit, SearchKind } from '@kring/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { colors } from '../../components/ui/theme.ts';
import { paths } from '../../lib/paths.ts';
import { nlSearch } from '../../messages/search.ts';
import { searchPage } from './api/search.ts';
import { Highlighted } from './highlighted.tsx';

const kinds: SearchKind[] = ['all', 'posts', 'comments', 'articles', 'members'];

const tabList = css`
  border: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 16px 0;
  button {
    border: 1px solid ${colors.border};
    background: ${colors.background};
    color: ${colors.text};
    border-radius: 999px;
    padding: 8px 16px;
    min-height: 40px;
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${colors.primary};
    border-color: ${colors.primary};
    color: ${colors.onPrimary};
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;
const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    border-bottom: 1px solid ${colors.border};
    padding: 14px 0;
  }
  a {
    font-weight: 600;
    font-size: 1.05rem;
  }
  p {
    margin: 6px 0 0;
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
`;
const meta = css`
  font-size: 0.85rem;
  color: ${colors.muted};
  margin-bottom: 4px;
`;

function Hit({ hit }: { hit: SearchHit }) {
  switch (hit.kind) {
    case 'post':
      return (
        <>
          <div css={meta}>
            {nlSearch.kinds.post} · {hit.author.name}
            {hit.removed ? ` · ${nlSearch.removed}` : ''}
          </div>
          <Link to={paths.community.post(hit.id)}>
            <Highlighted parts={hit.title} />
          </Link>
          {hit.snippet.length ? (
            <p>
              <Highlighted parts={hit.snippet} />
            </p>
          ) : null}
        </>
      );
    case 'comment':
      return (
        <>
          <div css={meta}>
            {nlSearch.kinds.comment} · {hit.author.name}
            {hit.removed ? ` · ${nlSearch.removed}` : ''}
          </div>
          <Link to={paths.community.comment(hit.postId, hit.id)}>{nlSearch.commentOn(hit.postTitle)}</Link>
          <p>
            <Highlighted parts={hit.snippet} />
          </p>
        </>
      );
    case 'article':
      return (
        <>
          <div css={meta}>{nlSearch.kinds.article}</div>
          <Link to={paths.articles.detail(hit.slug)}>
            <Highlighted parts={hit.title} />
          </Link>
          <p>
            <Highlighted parts={hit.snippet} />
          </p>
        </>
      );
    case 'member':
      return (
        <div
          css={css`
            display: flex;
            gap: 12px;
            align-items: center;
          `}
        >
          <Avatar url={hit.profile.avatarUrl} name={hit.profile.name} size={40} />
          <div>
            <Link to={paths.community.profile(hit.profile.id)}>
              <Highlighted parts={hit.name} />
            </Link>
            {hit.occupation ? <div css={meta}>{hit.occupation}</div> : null}
          </div>
        </div>
      );
  }
}

const hitKey = (hit: SearchHit) =>
  hit.kind === 'article'
    ? `a:${hit.slug}`
    : hit.kind === 'member'
      ? `m:${hit.profile.id}`
      : `${hit.kind}:${hit.id}`;

/** The results of one query: tabs per kind, best match first, more by cursor. */
export function SearchResults({ q }: { q: string }) {
  const [kind, setKind] = useState<SearchKind>('all');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [fuzzy, setFuzzy] = useState(false);
  const [state, setState] = useState<'loading' | 'done' | 'failed'>('loading');

  const load = async (cursor: string | null) => {
    setState('loading');
    try {
      const page = await searchPage(q, kind, cursor);
      setHits((old) => (cursor ? [...old, ...page.items] : page.items));
      setNext(page.nextCursor);
      setFuzzy(page.fuzzy);
      setState('done');
    } catch {
      setState('failed');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query or tab starts over
  useEffect(() => {
    setHits([]);
    void load(null);
  }, [q, kind]);

  return (
    <div>
      <fieldset css={tabList}>
        <legend
          css={css`
            position: absolute;
            width: 1px;
            height: 1px;
            overflow: hidden;
            clip: rect(0 0 0 0);
          `}
        >
          {nlSearch.title}
        </legend>
        {kinds.map((k) => (
          <button key={k} type="button" aria-pressed={k === kind} onClick={() => setKind(k)}>
            {nlSearch.tabs[k]}
          </button>
        ))}
      </fieldset>
      <div aria-live="polite">
        {state === 'failed' ? <FormMessage kind="error">{nlSearch.failed}</FormMessage> : null}
        {state === 'done' && hits.length === 0 ? <p>{nlSearch.empty(q)}</p> : null}
        {fuzzy && hits.length > 0 ? <p>{nlSearch.fuzzy}</p> : null}
      </div>
      <ul css={list} data-testid="search-results">
        {hits.map((hit) => (
          <li key={hitKey(hit)}>
            <Hit hit={hit} />
          </li>
        ))}
      </ul>
      {next ? (
        <div
          css={css`
            margin-top: 16px;
          `}
        >
          <Button variant="secondary" disabled={state === 'loading'} onClick={() => void load(next)}>
            {nlSearch.more}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
