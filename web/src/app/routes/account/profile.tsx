import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { updateProfileSequence } from '../../../features/profile/api/profile-sequences.ts';
import { ProfileForm } from '../../../features/profile/components/profile-form.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlMail } from '../../../messages/mail.ts';
import { nlProfileForm, nlProfilePage } from '../../../messages/profile.ts';

export default function MyProfilePage() {
  const { data, refresh } = useAccount();
  const [submit] = useState(() => updateProfileSequence(async () => void (await refresh())));
  const profile = data?.profile;
  return (
    <Page title={nlProfilePage.title} narrow>
      {profile ? (
        <>
          <p>
            <Link to={paths.community.profile(profile.id)}>{profile.name}</Link>
          </p>
          <p>
            <Link to={paths.account.mail}>{nlMail.preferencesLink}</Link>
          </p>
          <h2>{nlProfilePage.edit}</h2>
          <ProfileForm
            initial={{ name: profile.name, occupation: profile.occupation, bio: profile.bio }}
            initialAvatarUrl={profile.avatarUrl}
            submitLabel={nlProfileForm.save}
            submittingLabel={nlProfileForm.saving}
            successMessage={nlProfileForm.saved}
            onSubmit={submit}
          />
        </>
      ) : (
        <Spinner size={32} />
      )}
    </Page>
  );
}
