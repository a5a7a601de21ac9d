import { limits } from '@kring/contract';
import { validationMessages } from '@kring/contract/messages';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { nlProfileForm } from '../../../messages/profile.ts';
import { useUserNameCheck } from '../hooks/use-user-name-check.ts';
import { AvatarEditor, type AvatarEditorHandle } from './avatar-editor.tsx';
import { UserNameField } from './user-name-field.tsx';

export interface ProfileValues {
  name: string;
  occupation: string;
  bio: string;
}

/** Thrown by a submit handler when the server says the name is taken after all. */
export class UserNameTakenError extends Error {
  constructor(message: string = validationMessages.userNameTaken) {
    super(message);
    this.name = 'UserNameTakenError';
  }
}

/**
 * The form's texts. Over-long occupation and bio are cut at their limit with the limit message;
 * `onEdit` runs on every change (the form then no longer says it saved).
 */
function useProfileValues(initial: ProfileValues | undefined, onEdit: () => void) {
  const [values, setValues] = useState<ProfileValues>(initial ?? { name: '', occupation: '', bio: '' });
  const [limitError, setLimitError] = useState<{ occupation?: string; bio?: string }>({});
  const setLimited = (field: 'occupation' | 'bio', value: string) => {
    const max = field === 'occupation' ? limits.occupationMax : limits.bioMax;
    const message = field === 'occupation' ? validationMessages.occupationLimit : validationMessages.bioLimit;
    setLimitError((current) => ({ ...current, [field]: value.length > max ? message : undefined }));
    setValues((current) => ({ ...current, [field]: value.slice(0, max) }));
    onEdit();
  };
  const setName = (name: string) => {
    setValues((current) => ({ ...current, name }));
    onEdit();
  };
  return { values, limitError, setLimited, setName };
}

/** Occupation and bio, each with its counter. */
function AboutFields({
  values,
  limitError,
  setLimited,
}: Omit<ReturnType<typeof useProfileValues>, 'setName'>) {
  return (
    <>
      <TextField
        label={nlProfileForm.occupation}
        name="occupation"
        autoComplete="organization-title"
        value={values.occupation}
        error={limitError.occupation}
        hint={nlProfileForm.counter(values.occupation.length, limits.occupationMax)}
        onChange={(event) => setLimited('occupation', event.target.value)}
      />
      <TextAreaField
        label={nlProfileForm.bio}
        name="bio"
        value={values.bio}
        error={limitError.bio}
        hint={nlProfileForm.counter(values.bio.length, limits.bioMax)}
        onChange={(event) => setLimited('bio', event.target.value)}
      />
    </>
  );
}

/**
 * Username, occupation, bio and avatar. Over-long occupation and bio are cut at their limit with
 * the limit message (spec 5: 'Occupation character limit reached.').
 */
export function ProfileForm({
  initial,
  initialAvatarUrl,
  submitLabel,
  submittingLabel,
  onSubmit,
  successMessage,
}: {
  initial?: ProfileValues;
  initialAvatarUrl?: string | null;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: ProfileValues, avatar: AvatarEditorHandle) => Promise<void>;
  successMessage?: string;
}) {
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { values, limitError, setLimited, setName } = useProfileValues(initial, () => setSaved(false));
  const avatarRef = useRef<AvatarEditorHandle>(null);
  const check = useUserNameCheck(values.name, { touched, unchanged: initial?.name });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFormError(null);
    setNameError(null);
    setSaved(false);
    if (check.status === 'invalid' || check.status === 'taken' || !avatarRef.current) return;
    if (!touched && !initial) return;
    setSubmitting(true);
    try {
      await onSubmit({ ...values, name: values.name.trim() }, avatarRef.current);
      setSaved(true);
    } catch (error) {
      if (error instanceof UserNameTakenError) setNameError(error.message);
      else setFormError(nlProfileForm.createFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {saved && successMessage ? <FormMessage kind="success">{successMessage}</FormMessage> : null}
      <UserNameField
        value={values.name}
        check={check}
        submitError={nameError}
        onChange={(name) => {
          setTouched(true);
          setNameError(null);
          setName(name);
        }}
      />
      <AboutFields values={values} limitError={limitError} setLimited={setLimited} />
      <AvatarEditor ref={avatarRef} initialUrl={initialAvatarUrl} />
      <Button type="submit" disabled={submitting || check.status === 'checking'}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
