import type { CompMembership } from '@kring/contract';
import { type FormEvent, useState } from 'react';
import { Button, buttonRow } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { compLastDay, formatDate } from '../../lib/format.ts';
import { nlAdmin } from '../../messages/admin.ts';
import { filters } from './admin.styles.ts';
import { endComp } from './api/end-comp.ts';
import { grantComp } from './api/grant-comp.ts';

const t = nlAdmin.comp;
type Kind = CompMembership['kind'];

/** The confirm-then-send steps both forms share: the first submit asks, the second calls. */
function useConfirmedCall(send: () => Promise<unknown>, onDone: (text: string) => void, done: string) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; fields: ApiError | null } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirming) return setConfirming(true);
    setBusy(true);
    setError(null);
    try {
      await send();
      onDone(done);
    } catch (err) {
      setError({ text: errorText(err, t.failed), fields: err instanceof ApiError ? err : null });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return { confirming, setConfirming, busy, error, submit };
}

function Buttons({ step, label }: { step: ReturnType<typeof useConfirmedCall>; label: string }) {
  return (
    <div css={buttonRow}>
      <Button type="submit" variant={step.confirming ? 'danger' : 'primary'} disabled={step.busy}>
        {step.confirming ? t.yes : label}
      </Button>
      {step.confirming ? (
        <Button variant="ghost" onClick={() => step.setConfirming(false)}>
          {nlAdmin.cancel}
        </Button>
      ) : null}
    </div>
  );
}

/** Give (or change) a complimentary membership: kind, last day, reason; confirmed first. */
function GrantForm({ uid, name, comp, onDone }: CompFormProps) {
  const [kind, setKind] = useState<Kind>(comp?.kind ?? 'erelid');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const step = useConfirmedCall(() => grantComp({ uid, kind, until, reason }), onDone, t.granted);
  return (
    <form onSubmit={(e) => void step.submit(e)} aria-label={t.grant}>
      <div css={filters}>
        <label>
          {t.kind}
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="erelid">{t.kinds.erelid}</option>
            <option value="bestuur">{t.kinds.bestuur}</option>
          </select>
        </label>
      </div>
      <TextField
        label={t.until}
        type="date"
        required
        value={until}
        error={step.error?.fields?.issueFor('until')}
        onChange={(e) => setUntil(e.target.value)}
      />
      <TextField
        label={t.reason}
        required
        minLength={3}
        value={reason}
        error={step.error?.fields?.issueFor('reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      {step.confirming ? (
        <FormMessage kind="info">{t.confirmGrant(name, kind, until ? formatDate(until) : '')}</FormMessage>
      ) : null}
      <Buttons step={step} label={comp ? t.change : t.grant} />
      {step.error ? <FormMessage kind="error">{step.error.text}</FormMessage> : null}
    </form>
  );
}

/** End it now, with a reason; confirmed first. */
function EndForm({ uid, name, onDone }: CompFormProps) {
  const [reason, setReason] = useState('');
  const step = useConfirmedCall(() => endComp({ uid, reason }), onDone, t.ended);
  return (
    <form onSubmit={(e) => void step.submit(e)} aria-label={t.end} css={{ marginTop: 24 }}>
      <TextField
        label={t.endReason}
        required
        minLength={3}
        value={reason}
        error={step.error?.fields?.issueFor('reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      {step.confirming ? <FormMessage kind="info">{t.confirmEnd(name)}</FormMessage> : null}
      <Buttons step={step} label={t.end} />
      {step.error ? <FormMessage kind="error">{step.error.text}</FormMessage> : null}
    </form>
  );
}

interface CompFormProps {
  uid: string;
  name: string;
  comp: CompMembership | null;
  onDone: (text: string) => void;
}

/** The member page's 'Gratis lidmaatschap' section: what runs now, give or change it, end it (docs/admin.md). */
export function CompSection(props: CompFormProps) {
  const { comp } = props;
  return (
    <div data-testid="comp-section">
      <p>{comp ? t.current(comp.kind, formatDate(compLastDay(comp.until))) : t.none}</p>
      <p>{t.info}</p>
      {/* A new grant or end starts fresh forms. */}
      <GrantForm key={`g-${comp?.until}`} {...props} />
      {comp ? <EndForm key={`e-${comp.until}`} {...props} /> : null}
    </div>
  );
}
