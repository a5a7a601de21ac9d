import { css } from '@emotion/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PersonalDetailsFields } from '../../../components/personal-details-fields.tsx';
import { Button, buttonRow } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { definitionList } from '../../../components/ui/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { personalDetailIssues, validatePersonalDetails } from '../../../lib/personal-details.ts';
import {
  type PersonalDetailField,
  type PersonalDetailsValues,
  personalDetailFields,
} from '../../../lib/storage.ts';
import { nlMembershipDetails } from '../../../messages/membership.ts';
import { updateMembership } from '../api/update-membership.ts';

const m = nlMembershipDetails;

const valuesOf = (membership: PersonalDetailsValues): PersonalDetailsValues => {
  const values = {} as PersonalDetailsValues;
  for (const field of personalDetailFields) values[field] = membership[field];
  return values;
};

/** A stored birthdate (YYYY-MM-DD) in Dutch; anything else as it is. */
const birthdateText = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T12:00:00Z`) : value;

function DetailsList({ details }: { details: PersonalDetailsValues }) {
  const house = [details.houseNumber, details.houseNumberExtension].filter(Boolean).join(' ');
  const rows: [string, string[]][] = [
    [m.name, [`${details.firstName} ${details.lastName}`]],
    [m.birthdate, [birthdateText(details.birthdate)]],
    [m.phoneNumber, [details.phoneNumber]],
    [m.address, [`${details.streetName} ${house}`, `${details.postalCode} ${details.city}`, details.country]],
  ];
  return (
    <dl
      css={[
        definitionList,
        css`
        dd {
          overflow-wrap: anywhere;
          /* An address on its lines. */
          white-space: pre-line;
        }
      `,
      ]}
    >
      {rows.map(([label, lines]) => (
        <div key={label} css={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{lines.join('\n')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Opening the form takes the keyboard to its first field; each failed save (`attempt`) to the first field in error. */
function useFieldFocus(attempt: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const target =
      attempt === 0
        ? form.querySelector<HTMLElement>('input')
        : form.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [attempt]);
  return formRef;
}

function DetailsForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: PersonalDetailsValues;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const { errors, set: setErrors, changed } = useFieldErrors<PersonalDetailField>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFieldFocus(attempt);

  const update = (field: PersonalDetailField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Spec 5: an error clears when its field gets a value.
    changed(field, value);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validatePersonalDetails(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await updateMembership(values);
    } catch (error) {
      const fromServer = error instanceof ApiError ? personalDetailIssues(error.issues, 'membership') : {};
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        setFailure(m.checkFields);
        setAttempt((n) => n + 1);
      } else {
        setFailure(errorText(error, m.saveFailed));
      }
      setBusy(false);
      return;
    }
    await onSaved();
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={m.edit}>
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <PersonalDetailsFields values={values} errors={errors} onChange={update} disabled={busy} />
      <div css={buttonRow}>
        <Button type="submit" disabled={busy}>
          {busy ? m.saving : m.save}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The member's personal details (spec 3), and changing them with the rules of spec 5: checked here
 * first, then by the server (updateMembership), whose field messages land on their field.
 */
export function MembershipDetails({
  membership,
  onSaved,
}: {
  membership: PersonalDetailsValues;
  onSaved: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);

  // Back from the form: the keyboard returns to the button that opened it.
  useEffect(() => {
    if (!editing && returning.current) {
      returning.current = false;
      editRef.current?.focus();
    }
  }, [editing]);

  const close = (wasSaved: boolean) => {
    returning.current = true;
    setSaved(wasSaved);
    setEditing(false);
  };

  if (editing) {
    return (
      <DetailsForm
        initial={valuesOf(membership)}
        onCancel={() => close(false)}
        onSaved={async () => {
          // The account holds the membership: load it again, so every screen shows the new details.
          // Saved is saved even when that reload fails; the account catches up on its next load.
          await onSaved().catch(() => undefined);
          close(true);
        }}
      />
    );
  }
  return (
    <div>
      {saved ? <FormMessage kind="success">{m.saved}</FormMessage> : null}
      <DetailsList details={membership} />
      <Button
        ref={editRef}
        variant="secondary"
        onClick={() => {
          setSaved(false);
          setEditing(true);
        }}
      >
        {m.edit}
      </Button>
    </div>
  );
}
