import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useAboutPage } from '../../../features/content/api/pages.ts';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { CoverImage } from '../../../features/content/components/cover-image.tsx';
import { EntryLead } from '../../../features/content/components/entry-text.tsx';
import { nl } from '../../../messages/nl.ts';

export default function AboutPage() {
  const { data, error } = useAboutPage();
  const about = data?.data;
  return (
    <Page
      title={about?.title ?? (error ? nl.nav.aboutUs : null)}
      meta={about ? { entry: { kind: 'about', data: about } } : undefined}
      narrow
    >
      <ContentState data={about} error={error}>
        {(page) => (
          <>
            {page.intro ? <EntryLead>{page.intro}</EntryLead> : null}
            <CoverImage src={page.image} alt={page.imageAlt} />
            <Markdown source={page.body} />
          </>
        )}
      </ContentState>
    </Page>
  );
}
