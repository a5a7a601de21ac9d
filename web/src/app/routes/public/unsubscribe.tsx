import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { UnsubscribePanel } from '../../../features/mail/components/unsubscribe-panel.tsx';
import { nlMail } from '../../../messages/mail.ts';

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <Page title={nlMail.unsubscribe.title} narrow>
      <UnsubscribePanel token={params.get('token')} />
    </Page>
  );
}
