import { Page } from '../../../components/ui/page.tsx';
import { useContentList } from '../../../features/content/api/get-content.ts';
import { cardGrid, ResearchCard } from '../../../features/content/components/cards.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

export default function ResearchPage() {
  const { data, error } = useContentList('researches', 'sort=publishDate:desc&pagination[pageSize]=100');
  return (
    <Page title={nl.nav.research}>
      <ContentState data={data?.data} error={error}>
        {(list) =>
          list.length === 0 ? (
            <p>{nlContent.empty}</p>
          ) : (
            <ul css={cardGrid}>
              {list.map((research) => (
                <li key={research.documentId}>
                  <ResearchCard research={research} />
                </li>
              ))}
            </ul>
          )
        }
      </ContentState>
    </Page>
  );
}
