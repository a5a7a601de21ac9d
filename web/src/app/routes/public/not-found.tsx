import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { nl } from '../../../messages/nl.ts';

export default function NotFoundPage() {
  return (
    <Page title={nl.notFound.title} narrow>
      <p>{nl.notFound.body}</p>
      <ButtonLink to="/">{nl.notFound.home}</ButtonLink>
    </Page>
  );
}
