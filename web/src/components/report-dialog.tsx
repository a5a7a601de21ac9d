import type { ReportItemKind, ReportReason } from '@kring/contract';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { reportItem } from '../lib/api/report-item.ts';
import { ApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { nlReport, reportReasons } from '../messages/report.ts';
import * as s from './report-dialog.styles.ts';
import { Button, buttonRow } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextAreaField } from './ui/field.tsx';
import { FormMessage } from './ui/form-message.tsx';

// The contract's list, in the order the messages give it (no zod on the page for a list).
const reasons = Object.keys(reportReasons) as ReportReason[];

type ReportState = 'idle' | 'busy' | 'received' | 'already';

/** Sends the report; a second report of the same item is 'already', a vanished item its own text. */
function useReport(kind: ReportItemKind, itemId: number) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [state, setState] = useState<ReportState>('idle');
  const [failure, setFailure] = useState<string | null>(null);

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
  return { reason, setReason, details, setDetails, state, failure, submit };
}

/** The short list of reasons, one radio button each. */
function ReasonChoice({
  reason,
  onChange,
}: {
  reason: ReportReason | null;
  onChange: (reason: ReportReason) => void;
}) {
  const name = useId();
  return (
    <fieldset css={s.reasons}>
      <legend css={s.legend}>{nlReport.reasonLegend}</legend>
      {reasons.map((r) => (
        <label key={r}>
          <input
            type="radio"
            name={name}
            value={r}
            checked={reason === r}
            onChange={() => onChange(r)}
            required
          />
          {reportReasons[r]}
        </label>
      ))}
    </fieldset>
  );
}

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
  const { reason, setReason, details, setDetails, state, failure, submit } = useReport(kind, itemId);
  const closeRef = useRef<HTMLButtonElement>(null);

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
        <p css={s.intro}>{nlReport.intro}</p>
        <ReasonChoice reason={reason} onChange={setReason} />
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
