import { useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import { nlBlock, nlReport } from '../../../messages/report.ts';

/** On another member's profile: block or unblock them in chat, and report the profile. */
export function ProfileSafety({ profileId, name }: { profileId: number; name: string }) {
  const blocked = useApi('chat/blocked', () => call('community', 'listBlockedUsers', {}));
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);
  const reportRef = useRef<HTMLButtonElement>(null);
  const isBlocked = blocked.data?.users.some((u) => u.id === profileId) ?? false;

  const toggle = async () => {
    setBusy(true);
    setFailure(false);
    try {
      await call('community', isBlocked ? 'unblockUser' : 'blockUser', { profileId });
      await blocked.mutate();
    } catch {
      setFailure(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <Button
        variant="secondary"
        size="compact"
        disabled={busy || !blocked.data}
        onClick={() => void toggle()}
      >
        {isBlocked ? nlBlock.unblock : nlBlock.block}
      </Button>
      <Button
        ref={reportRef}
        variant="ghost"
        size="compact"
        aria-haspopup="dialog"
        onClick={() => setReporting(true)}
      >
        {nlReport.action}
      </Button>
      <p aria-live="polite" css={{ margin: 0, flexBasis: '100%' }}>
        {isBlocked ? nlBlock.blockedNotice(name) : ''}
      </p>
      {failure ? <FormMessage kind="error">{nlBlock.failed}</FormMessage> : null}
      {reporting ? (
        <ReportDialog
          kind="profile"
          itemId={profileId}
          returnFocusRef={reportRef}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </div>
  );
}
