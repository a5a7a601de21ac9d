import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { useContentList } from '../../../features/content/api/get-content.ts';
import { cardGrid, EventCard } from '../../../features/content/components/cards.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

// Rounded to the minute so the content cache key stays stable while the page is open.
const nowIso = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

/** Upcoming events (soonest first) and past events (latest first). */
export default function EventsPage() {
  const now = nowIso();
  const upcoming = useContentList(
    'events',
    `filters[startsAt][$gte]=${now}&sort=startsAt:asc&pagination[pageSize]=50`,
  );
  const past = useContentList(
    'events',
    `filters[startsAt][$lt]=${now}&sort=startsAt:desc&pagination[pageSize]=50`,
  );
  return (
    <Page title={nl.nav.events}>
      <section css={sectionStyle}>
        <h2>{nlContent.eventsUpcoming}</h2>
        <ContentState data={upcoming.data?.data} error={upcoming.error}>
          {(list) =>
            list.length === 0 ? (
              <p>{nlContent.noUpcomingEvents}</p>
            ) : (
              <ul css={cardGrid}>
                {list.map((event) => (
                  <li key={event.documentId}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )
          }
        </ContentState>
      </section>
      <section css={sectionStyle}>
        <h2>{nlContent.eventsPast}</h2>
        <ContentState data={past.data?.data} error={past.error}>
          {(list) =>
            list.length === 0 ? (
              <p>{nlContent.empty}</p>
            ) : (
              <ul css={cardGrid}>
                {list.map((event) => (
                  <li key={event.documentId}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )
          }
        </ContentState>
      </section>
    </Page>
  );
}
