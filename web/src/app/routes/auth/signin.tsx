import { Page } from '../../../components/ui/page.tsx';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { nl } from '../../../messages/nl.ts';

export default function SignInPage() {
  return (
    <Page title={nl.signIn.title} narrow>
      <p>{nl.signIn.intro}</p>
      <SignInForm />
    </Page>
  );
}
