import { Page } from '../../../components/ui/page.tsx';
import { MailPreferencesForm } from '../../../features/mail/components/mail-preferences-form.tsx';
import { nlMail } from '../../../messages/mail.ts';

export default function MailPreferencesPage() {
  return (
    <Page title={nlMail.preferences.title} narrow>
      <p>{nlMail.preferences.intro}</p>
      <MailPreferencesForm />
    </Page>
  );
}
