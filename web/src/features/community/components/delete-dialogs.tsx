/**
 * The two ways content leaves the post page, each behind a dialog: the author confirms a delete, a
 * moderator gives a reason (the contract's 3–500 characters, 'Geef een reden op') that the author is
 * mailed. Both wait for the server and show its Dutch error inside the dialog; on success the caller
 * unmounts them.
 */
import { limits } from '@kring/contract/limits';
import { validationMessages as m } from '@kring/contract/messages';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { nlPostPage } from '../../../messages/community.ts';

interface DialogBase {
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** 'Bericht verwijderen?' / 'Reactie verwijderen?': Annuleren has the focus, so Enter deletes nothing. */
export function ConfirmDeleteDialog({
  kind,
  onConfirm,
  onClose,
  returnFocusRef,
}: DialogBase & { kind: 'post' | 'comment'; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorText(error, nlPostPage.deleteFailed));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={kind === 'post' ? nlPostPage.deletePostTitle : nlPostPage.deleteCommentTitle}
      onClose={onClose}
      initialFocusRef={cancelRef}
      returnFocusRef={returnFocusRef}
    >
      <p css={{ marginTop: 0 }}>
        {kind === 'post' ? nlPostPage.deletePostBody : nlPostPage.deleteCommentBody}
      </p>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <div css={buttonRow}>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {busy ? nlPostPage.deleting : nlPostPage.confirmDelete}
        </Button>
        <Button ref={cancelRef} variant="secondary" onClick={onClose}>
          {nlPostPage.cancel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A moderator removes someone's post or comment, with a reason the author is told. */
export function RemoveWithReasonDialog({
  kind,
  authorName,
  onConfirm,
  onClose,
  returnFocusRef,
}: DialogBase & {
  kind: 'post' | 'comment';
  authorName: string;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    const problem =
      trimmed.length < limits.reasonMin
        ? m.reasonRequired
        : trimmed.length > limits.reasonMax
          ? m.tooLong
          : null;
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await onConfirm(trimmed);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issueFor('reason') : undefined;
      if (issue) setFieldError(issue);
      else setFailure(errorText(error, nlPostPage.deleteFailed));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={kind === 'post' ? nlPostPage.removePostTitle : nlPostPage.removeCommentTitle}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
    >
      <form onSubmit={submit} noValidate>
        <p css={{ marginTop: 0 }}>{nlPostPage.removeBody(authorName)}</p>
        <TextAreaField
          label={nlPostPage.reasonLabel}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          hint={nlPostPage.reasonHint(limits.reasonMin, limits.reasonMax)}
          rows={3}
          required
          aria-required="true"
        />
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <div css={buttonRow}>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? nlPostPage.deleting : nlPostPage.confirmDelete}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {nlPostPage.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Which of an item's dialogs is open: the author's delete, a moderator's removal, or a report. */
export type ItemDialog = 'delete' | 'remove' | 'report';

/**
 * The open dialog of a post or comment. Each closes itself after the server said yes; `leave` (the
 * post's delete: to the timeline) runs after that, and then focus does not go back to the item.
 */
export function ItemDialogs(props: {
  kind: 'post' | 'comment';
  item: { id: number; author: { name: string } };
  dialog: ItemDialog | null;
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  remove: () => Promise<void>;
  removeAsModerator: (reason: string) => Promise<void>;
  leave?: () => void;
}) {
  const { kind, item, dialog, returnFocusRef, onClose } = props;
  const done = (action: Promise<void>) => action.then(onClose);
  if (dialog === 'report')
    return <ReportDialog kind={kind} itemId={item.id} returnFocusRef={returnFocusRef} onClose={onClose} />;
  if (dialog === 'delete')
    return (
      <ConfirmDeleteDialog
        kind={kind}
        onClose={onClose}
        returnFocusRef={props.leave ? undefined : returnFocusRef}
        onConfirm={() => done(props.remove()).then(props.leave)}
      />
    );
  if (dialog === 'remove')
    return (
      <RemoveWithReasonDialog
        kind={kind}
        authorName={item.author.name}
        onClose={onClose}
        returnFocusRef={returnFocusRef}
        onConfirm={(reason) => done(props.removeAsModerator(reason))}
      />
    );
  return null;
}
