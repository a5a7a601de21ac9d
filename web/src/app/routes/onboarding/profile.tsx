import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BadgeIcon } from '../../../components/ui/icons.tsx';
import { OnboardingPanel } from '../../../components/ui/onboarding-panel.tsx';
import { createProfileSequence } from '../../../features/profile/api/profile-sequences.ts';
import { ProfileForm } from '../../../features/profile/components/profile-form.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { getIdToken } from '../../../lib/firebase.ts';
import { paths } from '../../../lib/paths.ts';
import { nlOnboarding } from '../../../messages/onboarding.ts';

export default function ProfilePage() {
  const navigate = useNavigate();
  const { refresh } = useAccount();
  // One sequence per visit: a retry after a failed upload must not create the profile again.
  const [submit] = useState(() =>
    createProfileSequence(async () => {
      await getIdToken(true);
      await refresh();
    }),
  );
  const t = nlOnboarding.profile;
  return (
    <OnboardingPanel
      icon={<BadgeIcon size={28} />}
      title={t.title}
      body={<p>{t.body}</p>}
      step={nlOnboarding.stepOf(4, 4)}
    >
      <ProfileForm
        submitLabel={t.submit}
        submittingLabel={t.submitting}
        onSubmit={async (values, avatar) => {
          await submit(values, avatar);
          navigate(paths.community.timeline, { replace: true });
        }}
      />
    </OnboardingPanel>
  );
}
