import { useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { nlBlock, nlReport } from '../../../messages/report.ts';
import { useBlockToggle } from '../api/block-toggle.ts';

/** On another member's profile: block or unblock them in chat, and report the profile. */
export function ProfileSafety({ profileId, name }: { profileId: number; name: string }) {
  const block = useBlockToggle(profileId);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);
  const reportRef = useRef<HTMLButtonElement>(null);
  const { isBlocked } = block;

  const toggle = async () => {
    setBusy(true);
    setFailure(false);
    try {
      await block.toggle();
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
        disabled={busy || !block.ready}
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
