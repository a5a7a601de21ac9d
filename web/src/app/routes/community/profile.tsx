import { useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { PublicProfileView } from '../../../features/community/components/public-profile-view.tsx';

export default function PublicProfilePage() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <Page narrow>
      <PublicProfileView id={Number.isSafeInteger(numeric) && numeric > 0 ? numeric : null} />
    </Page>
  );
}
