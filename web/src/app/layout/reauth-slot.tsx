import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth.tsx';

// Only signed-in users make calls that need a recent sign-in; visitors never download the dialog.
const ReauthDialog = lazy(() =>
  import('../../components/reauth-dialog.tsx').then((m) => ({ default: m.ReauthDialog })),
);

export function ReauthSlot() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}
