import { Page } from '../../../components/ui/page.tsx';
import { usePastEvents, useUpcomingEvents } from '../../../features/content/api/events.ts';
import { EventCard } from '../../../features/content/components/cards.tsx';
import { ContentList } from '../../../features/content/components/content-list.tsx';
import { ContentSection } from '../../../features/content/components/content-section.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** Upcoming events (soonest first) and past events (latest first). */
export default function EventsPage() {
  const upcoming = useUpcomingEvents();
  const past = usePastEvents();
  return (
    <Page title={nl.nav.events}>
      <ContentSection title={nlContent.eventsUpcoming}>
        <ContentList result={upcoming} empty={nlContent.noUpcomingEvents}>
          {(event) => <EventCard event={event} />}
        </ContentList>
      </ContentSection>
      <ContentSection title={nlContent.eventsPast}>
        <ContentList result={past} empty={nlContent.empty}>
          {(event) => <EventCard event={event} />}
        </ContentList>
      </ContentSection>
    </Page>
  );
}
