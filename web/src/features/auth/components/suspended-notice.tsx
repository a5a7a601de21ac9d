import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { paths } from '../../../lib/paths.ts';
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
        <Link to={paths.home}>{t.home}</Link>
      </p>
    </Page>
  );
}
