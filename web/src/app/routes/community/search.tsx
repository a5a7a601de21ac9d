import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { SearchBox } from '../../../features/search/search-box.tsx';
import { SearchResults } from '../../../features/search/search-results.tsx';
import { nlSearch } from '../../../messages/search.ts';

/** /community/zoeken?q=: one box, results in tabs per kind. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <Page title={nlSearch.title} narrow>
      <SearchBox key={q} initial={q} autoFocus={q === ''} />
      {q.length >= 2 ? <SearchResults key={q} q={q} /> : q ? <p>{nlSearch.tooShort}</p> : null}
    </Page>
  );
}
