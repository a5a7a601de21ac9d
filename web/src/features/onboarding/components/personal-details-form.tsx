import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PersonalDetailsFields } from '../../../components/personal-details-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { track } from '../../../lib/analytics.ts';
import { clearedOnValue } from '../../../lib/field-errors.ts';
import { validatePersonalDetails } from '../../../lib/personal-details.ts';
import {
  emptyOnboardingState,
  onboardingStore,
  type PersonalDetailField,
  useLocalStore,
} from '../../../lib/storage.ts';
import { nlOnboarding, nlPersonalDetails } from '../../../messages/onboarding.ts';

/**
 * The personal details of a new membership, kept in localStorage under onboardingState as they are
 * typed (spec 3). An error clears as soon as its field gets a value; submitting validates everything.
 */
export function PersonalDetailsForm({ onComplete }: { onComplete: () => void }) {
  const stored = useLocalStore(onboardingStore);
  const state = stored ?? emptyOnboardingState();
  const formRef = useRef<HTMLFormElement>(null);
  const [submitCount, setSubmitCount] = useState(0);

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validatePersonalDetails(state);
    if (Object.keys(errors).length > 0) {
      onboardingStore.set({ ...state, errors, isComplete: false });
      setSubmitCount((n) => n + 1);
      return;
    }
    onboardingStore.set({ ...state, errors: {}, isComplete: true });
    track('ONBOARDING_FLOW_PERSONAL_DETAILS_COMPLETE');
    onComplete();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={nlPersonalDetails.legend}>
      <PersonalDetailsFields values={state} errors={state.errors} onChange={update} />
      <Button type="submit">{nlOnboarding.personalDetails.submit}</Button>
    </form>
  );
}
