import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { nl } from '../../../messages/nl.ts';
import { nlSuspension as t } from '../../../messages/suspension.ts';

/** The suspension's date as the mail gives it: the day it ends, in Amsterdam. */
const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));

/**
 * Shown instead of a member page (and instead of the onboarding pages a suspended member would
 * otherwise be sent to, such as the payment page) while the account is suspended.
 */
export function SuspendedNotice({ until }: { until: string }) {
  return (
    <Page title={t.title} narrow>
      <p>{t.until(dateOf(until))}</p>
      <p>{t.reason}</p>
      <p>{t.after}</p>
      <p>
        {t.stillPossible} <Link to={paths.account.membership}>{t.membershipLink}</Link>.
      </p>
      <p>
        <Link to={paths.home}>{t.home}</Link>
      </p>
    </Page>
  );
}

const banner = css`
  margin: 0 0 32px;
  padding: 16px 20px;
  border-left: 4px solid ${colors.primary};
  background: ${colors.surface};
  h2 {
    margin: 0 0 8px;
  }
  p {
    margin: 0 0 8px;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/**
 * On top of the membership page, which a suspended member still gets: why, until when, what works,
 * and signing out (the header's account menu, which has it for members, is not theirs meanwhile).
 */
export function SuspendedBanner({ until, onSignOut }: { until: string; onSignOut: () => void }) {
  return (
    <section css={banner} aria-labelledby="suspended-banner-title">
      <h2 id="suspended-banner-title">{t.title}</h2>
      <p>{t.until(dateOf(until))}</p>
      <p>{t.reason}</p>
      <p>{t.here}</p>
      <p>
        <Button variant="secondary" size="compact" onClick={onSignOut}>
          {nl.account.signOut}
        </Button>
      </p>
    </section>
  );
}
