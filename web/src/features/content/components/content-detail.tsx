import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import type { ContentResult } from '../api/get-content.ts';
import type { EntryResponse } from '../api/types.ts';
import type { EntryMeta } from '../meta.ts';
import { ContentState } from './content-state.tsx';

/** A CMS entry's page: its title, the link back to its list, its loading and error states, then its `body`. */
export function ContentDetail<T extends { title: string }>({
  result,
  back,
  body: Body,
  meta,
}: {
  result: ContentResult<EntryResponse<T>>;
  back: { label: string; to: string };
  body: ComponentType<{ entry: T }>;
  /** Description, image and structured data of the entry (meta.ts). */
  meta: (entry: T) => EntryMeta;
}) {
  const entry = result.data?.data;
  return (
    <Page title={entry?.title} meta={entry ? meta(entry) : undefined} narrow>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <ContentState data={entry} error={result.error}>
        {(loaded) => <Body entry={loaded} />}
      </ContentState>
    </Page>
  );
}
