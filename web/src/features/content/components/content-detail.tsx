import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import type { PageKind } from '../../../lib/page-meta.ts';
import type { ContentResult } from '../api/get-content.ts';
import type { EntryResponse } from '../api/types.ts';
import { ContentState } from './content-state.tsx';

/** A CMS entry's page: its title, the link back to its list, its loading and error states, then its `body`. */
export function ContentDetail<T extends { title: string }>({
  result,
  back,
  body: Body,
  kind,
}: {
  result: ContentResult<EntryResponse<T>>;
  back: { label: string; to: string };
  body: ComponentType<{ entry: T }>;
  /** What the entry is, for the server's head (description, image, structured data). */
  kind: PageKind;
}) {
  const entry = result.data?.data;
  return (
    <Page title={entry?.title} meta={entry ? { entry: { kind, data: entry } } : undefined} narrow>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <ContentState data={entry} error={result.error}>
        {(loaded) => <Body entry={loaded} />}
      </ContentState>
    </Page>
  );
}
