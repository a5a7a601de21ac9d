import type { MemberListItem, MemberState } from '@kring/contract';
import { isAdmin } from '@kring/contract/roles';
import { type FormEvent, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { filters, table } from '../../../features/admin/admin.styles.ts';
import { AdminNav } from '../../../features/admin/admin-nav.tsx';
import { listMembers } from '../../../features/admin/api/list-members.ts';
import { memberName } from '../../../features/admin/member-name.ts';
import { PagedListView, usePagedList } from '../../../features/admin/paged-list.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { nlAdmin as t } from '../../../messages/admin.ts';
import NotFound from '../public/not-found.tsx';

interface Query {
  q: string;
  state: MemberState | null;
  sort: 'name' | 'newest';
}

/** The search, state filter and sort order; the search applies on submit. */
function MemberFilters({ query, onChange }: { query: Query; onChange: (q: Query) => void }) {
  const [q, setQ] = useState(query.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...query, q: q.trim() });
  };
  return (
    <form aria-label={t.searchForm} css={filters} onSubmit={submit}>
      <label>
        {t.search}
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label>
        {t.stateFilter}
        <select
          value={query.state ?? ''}
          onChange={(e) => onChange({ ...query, state: (e.target.value || null) as MemberState | null })}
        >
          <option value="">{t.allStates}</option>
          {Object.entries(t.states).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.sort}
        <select
          value={query.sort}
          onChange={(e) => onChange({ ...query, sort: e.target.value as Query['sort'] })}
        >
          <option value="name">{t.sortName}</option>
          <option value="newest">{t.sortNewest}</option>
        </select>
      </label>
      <Button type="submit">Zoeken</Button>
    </form>
  );
}

function MemberTable({ items }: { items: readonly MemberListItem[] }) {
  if (items.length === 0) return <p>{t.noMembers}</p>;
  return (
    <table css={table}>
      <thead>
        <tr>
          <th>{t.columns.name}</th>
          <th className="wide">{t.columns.email}</th>
          <th>{t.columns.state}</th>
          <th className="wide">{t.columns.role}</th>
          <th className="wide">{t.columns.since}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((m) => (
          <tr key={m.uid}>
            <td>
              <Link to={adminPaths.member(m.uid)}>{memberName(m)}</Link>
            </td>
            <td className="wide">{m.email ?? t.none}</td>
            <td>{t.states[m.state]}</td>
            <td className="wide">{t.roles[m.role]}</td>
            <td className="wide">{new Date(m.memberSince).toLocaleDateString('nl-NL')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /beheer/leden: find members by name or address, filter by state, sort; 25 at a time. */
export default function AdminMembersPage() {
  const admin = isAdmin(useAccount().data?.role);
  const [query, setQuery] = useState<Query>({ q: '', state: null, sort: 'name' });
  const fetchPage = useCallback(
    (cursor: string | null) => listMembers({ ...query, pageSize: 25, cursor }),
    [query],
  );
  const list = usePagedList(admin, fetchPage);
  if (!admin) return <NotFound />;
  return (
    <Page title={t.membersTitle}>
      <AdminNav />
      <MemberFilters query={query} onChange={setQuery} />
      <PagedListView list={list}>{(items) => <MemberTable items={items} />}</PagedListView>
    </Page>
  );
}
