import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { paths } from '../../../lib/paths.ts';
import { nl } from '../../../messages/nl.ts';

export default function NotFoundPage() {
  return (
    <Page title={nl.notFound.title} meta={{ notFound: true }} narrow>
      <p>{nl.notFound.body}</p>
      <ButtonLink to={paths.home}>{nl.notFound.home}</ButtonLink>
    </Page>
  );
}
