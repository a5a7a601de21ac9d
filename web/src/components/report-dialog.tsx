import { css } from '@emotion/react';
import type { ReportItemKind, ReportReason } from '@kring/contract';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { reportItem } from '../lib/api/report-item.ts';
import { ApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { nlReport, reportReasons } from '../messages/report.ts';
import { Button, buttonRow } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextAreaField } from './ui/field.tsx';
import { FormMessage } from './ui/form-message.tsx';

// The contract's list, in the order the messages give it (no zod on the page for a list).
const reasons = Object.keys(reportReasons) as ReportReason[];

/** A member reports an item: a reason from the short list, an optional text; told it was received. */
export function ReportDialog({
  kind,
  itemId,
  onClose,
  returnFocusRef,
}: {
  kind: ReportItemKind;
  itemId: number;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'received' | 'already'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const name = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason || state === 'busy') return;
    setState('busy');
    setFailure(null);
    try {
      await reportItem({ itemKind: kind, itemId, reason, details });
      setState('received');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') setState('already');
      else {
        setFailure(
          error instanceof ApiError && error.code === 'NOT_FOUND'
            ? nlReport.gone
            : errorText(error, nlReport.failed),
        );
        setState('idle');
      }
    }
  };

  if (state === 'received' || state === 'already') {
    return (
      <Dialog
        title={nlReport.title[kind]}
        onClose={onClose}
        initialFocusRef={closeRef}
        returnFocusRef={returnFocusRef}
      >
        <p role="status">{state === 'received' ? nlReport.received : nlReport.already}</p>
        <div css={buttonRow}>
          <Button ref={closeRef} variant="secondary" onClick={onClose}>
            {nlReport.close}
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={nlReport.title[kind]} onClose={onClose} returnFocusRef={returnFocusRef}>
      <form onSubmit={submit}>
        <p css={{ marginTop: 0 }}>{nlReport.intro}</p>
        <fieldset
          css={css`
            border: 0;
            padding: 0;
            margin: 0 0 12px;
            label {
              display: flex;
              gap: 8px;
              align-items: center;
              min-height: 36px;
            }
            input {
              width: 18px;
              height: 18px;
            }
          `}
        >
          <legend css={{ fontWeight: 600, marginBottom: 4 }}>{nlReport.reasonLegend}</legend>
          {reasons.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name={name}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                required
              />
              {reportReasons[r]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={nlReport.details}
          maxLength={500}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
        <div css={buttonRow}>
          <Button type="submit" disabled={state === 'busy' || reason === null}>
            {state === 'busy' ? nlReport.sending : nlReport.submit}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {nlReport.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
