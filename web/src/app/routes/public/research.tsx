import { Page } from '../../../components/ui/page.tsx';
import { useResearchList } from '../../../features/content/api/research.ts';
import { ResearchCard } from '../../../features/content/components/cards.tsx';
import { ContentList } from '../../../features/content/components/content-list.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

export default function ResearchPage() {
  return (
    <Page title={nl.nav.research}>
      <ContentList result={useResearchList()} empty={nlContent.empty}>
        {(research) => <ResearchCard research={research} level={2} />}
      </ContentList>
    </Page>
  );
}
