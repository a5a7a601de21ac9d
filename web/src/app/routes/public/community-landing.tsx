import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useAccountState } from '../../../features/auth/hooks/use-account-state.ts';
import { useSingleContent } from '../../../features/content/api/get-content.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** The public community page; members with a profile are sent to the timeline by the header link. */
export default function CommunityLandingPage() {
  const home = useSingleContent('homepage').data?.data;
  const { state } = useAccountState();
  return (
    <Page title={home?.communityTitle || nlContent.communityLandingTitle} narrow>
      <p>{home?.communityText || nlContent.communityLandingText}</p>
      <p>
        {state === 'ProfileComplete' ? (
          <ButtonLink to="/community/tijdlijn">{nlContent.goToTimeline}</ButtonLink>
        ) : (
          <ButtonLink to="/onboarding/personal-details">{nl.account.join}</ButtonLink>
        )}
      </p>
    </Page>
  );
}
