import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PersonalDetailsFields } from '../../../components/personal-details-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { track } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { clearedOnValue } from '../../../lib/field-errors.ts';
import { personalDetailIssues, validatePersonalDetails } from '../../../lib/personal-details.ts';
import {
  emptyOnboardingState,
  onboardingStore,
  type PersonalDetailField,
  type PersonalDetailsValues,
  personalDetailsOf,
  useLocalStore,
} from '../../../lib/storage.ts';
import { nlOnboarding, nlPersonalDetails } from '../../../messages/onboarding.ts';

/**
 * The personal details of a new membership, kept in localStorage under onboardingState as they are
 * typed (spec 3). An error clears as soon as its field gets a value; submitting validates everything.
 * With `save` (someone signed in) a valid submit also stores them on the server, whose field messages
 * land on their field.
 */
export function PersonalDetailsForm({
  onComplete,
  save,
}: {
  onComplete: () => void;
  save?: ((values: PersonalDetailsValues) => Promise<void>) | undefined;
}) {
  const stored = useLocalStore(onboardingStore);
  const state = stored ?? emptyOnboardingState();
  const formRef = useRef<HTMLFormElement>(null);
  const [submitCount, setSubmitCount] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // After a failed submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (submitCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const update = (field: PersonalDetailField, value: string) => {
    // Spec 5: an error clears when its field gets a value.
    const errors = clearedOnValue(state.errors, field, value);
    // Any edit makes the details unconfirmed until the form is submitted again.
    onboardingStore.set({ ...state, [field]: value, errors, isComplete: false });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const errors = validatePersonalDetails(state);
    if (Object.keys(errors).length > 0) {
      onboardingStore.set({ ...state, errors, isComplete: false });
      setSubmitCount((n) => n + 1);
      return;
    }
    if (save) {
      setBusy(true);
      try {
        await save(personalDetailsOf(state));
      } catch (error) {
        const fromServer = error instanceof ApiError ? personalDetailIssues(error.issues, 'membership') : {};
        if (Object.keys(fromServer).length > 0) {
          onboardingStore.set({ ...state, errors: fromServer, isComplete: false });
          setSubmitCount((n) => n + 1);
        } else setFailure(errorText(error, nlOnboarding.personalDetails.saveFailed));
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    onboardingStore.set({ ...state, errors: {}, isComplete: true });
    track('ONBOARDING_FLOW_PERSONAL_DETAILS_COMPLETE');
    onComplete();
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={nlPersonalDetails.legend}
    >
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <PersonalDetailsFields values={state} errors={state.errors} onChange={update} disabled={busy} />
      <Button type="submit" disabled={busy}>
        {busy ? nlOnboarding.personalDetails.saving : nlOnboarding.personalDetails.submit}
      </Button>
    </form>
  );
}
