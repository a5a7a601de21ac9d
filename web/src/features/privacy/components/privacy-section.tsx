import { useState } from 'react';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { downloadBlob } from '../../../lib/download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlPrivacy as m } from '../../../messages/privacy.ts';
import { deleteMyAccount } from '../api/delete-my-account.ts';
import { exportMyData } from '../api/export-my-data.ts';

/** Saves a JSON document as a file the browser downloads. */
function saveJson(data: unknown, fileName: string) {
  downloadBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

/**
 * "Download mijn gegevens" and "Verwijder mijn account" (GDPR art. 15, 17, 20; docs/privacy.md).
 * Both need a recent sign-in: lib/api.ts asks for it through the re-authentication dialog.
 */
export function PrivacySection({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const download = async () => {
    setBusy('export');
    setMessage(null);
    try {
      const data = await exportMyData();
      saveJson(data, m.fileName(data.exportedAt.slice(0, 10)));
      setMessage({ kind: 'success', text: m.downloaded });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error, m.downloadFailed) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setMessage(null);
    try {
      await deleteMyAccount();
      setConfirming(false);
      setMessage({ kind: 'success', text: m.deleted });
      await onDeleted();
    } catch (error) {
      setConfirming(false);
      setMessage({ kind: 'error', text: errorText(error, m.deleteFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <p>{m.intro}</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div css={buttonRow}>
        <Button variant="secondary" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'export' ? m.downloading : m.download}
        </Button>
        <Button variant="danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
          {m.delete}
        </Button>
      </div>
      {confirming ? (
        <Dialog title={m.deleteTitle} onClose={() => (busy ? undefined : setConfirming(false))}>
          <p>{m.deleteExplain}</p>
          <div css={buttonRow}>
            <Button variant="danger" disabled={busy !== null} onClick={() => void remove()}>
              {busy === 'delete' ? m.deleting : m.deleteYes}
            </Button>
            <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
              {m.deleteNo}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
