import { Markdown } from '../../../components/ui/markdown.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { safeHref } from '../../../lib/safe-link.ts';
import { nlContent } from '../../../messages/content.ts';
import { useContentNow } from '../api/get-content.ts';
import type { EventEntry } from '../api/types.ts';
import { CoverImage } from './cover-image.tsx';
import { EntryMeta } from './entry-text.tsx';

/** An event: when and where, image, description and (while it is still to come) the registration link. */
export function EventBody({ entry }: { entry: EventEntry }) {
  // The render's moment, so the server's HTML and the hydrating browser agree (get-content.ts).
  const now = useContentNow();
  return (
    <>
      <EntryMeta>
        <time dateTime={entry.startsAt}>{formatDateTime(entry.startsAt)}</time>
        {entry.endsAt ? (
          <>
            {' – '}
            <time dateTime={entry.endsAt}>{formatDateTime(entry.endsAt)}</time>
          </>
        ) : null}
        <br />
        {nlContent.location}: {entry.location}
      </EntryMeta>
      <CoverImage src={entry.coverImage} alt={entry.coverImageAlt} />
      {entry.description ? <Markdown source={entry.description} /> : null}
      {safeHref(entry.registrationUrl) && new Date(entry.startsAt) > new Date(now) ? (
        <p>
          <a href={safeHref(entry.registrationUrl)!} rel="noopener noreferrer">
            {nlContent.register}
          </a>
        </p>
      ) : null}
    </>
  );
}
