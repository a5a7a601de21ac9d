import { Page } from '../../../components/ui/page.tsx';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { nlSignIn } from '../../../messages/auth.ts';

export default function SignInPage() {
  return (
    <Page title={nlSignIn.title} narrow>
      <p>{nlSignIn.intro}</p>
      <SignInForm />
    </Page>
  );
}
