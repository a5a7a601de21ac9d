import { css } from '@emotion/react';
import { personalDetails } from '@kring/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { mq } from '../../../components/ui/theme.ts';
import { track } from '../../../lib/analytics.ts';
import {
  emptyOnboardingState,
  type OnboardingState,
  onboardingStore,
  type PersonalDetailField,
  personalDetailFields,
  personalDetailsOf,
  useLocalStore,
} from '../../../lib/storage.ts';
import { nl } from '../../../messages/nl.ts';
import { nlOnboarding, nlPersonalDetails } from '../../../messages/onboarding.ts';

const row = css`
  display: grid;
  gap: 0 16px;
  ${mq.medium} {
    grid-template-columns: 1fr 1fr;
  }
`;

const autoComplete: Record<PersonalDetailField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  birthdate: 'bday',
  phoneNumber: 'tel',
  streetName: 'address-line1',
  houseNumber: 'off',
  houseNumberExtension: 'off',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
};

/**
 * Validates with the contract's schema, so the form shows the same Dutch messages the server
 * would send (spec 5 for blank fields, plus the sanity checks on date, phone and postal code).
 * Returns the first message per field.
 */
export function validatePersonalDetails(state: OnboardingState): OnboardingState['errors'] {
  const result = personalDetails.safeParse(personalDetailsOf(state));
  const errors: OnboardingState['errors'] = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (personalDetailFields as readonly string[]).includes(field)) {
      errors[field as PersonalDetailField] ??= issue.message;
    }
  }
  return errors;
}

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
    const errors = { ...state.errors };
    if (value.trim() !== '') delete errors[field];
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

  const field = (name: PersonalDetailField, props: { type?: string; inputMode?: 'numeric' | 'tel' } = {}) => (
    <TextField
      name={name}
      label={
        name === 'houseNumberExtension'
          ? `${nlPersonalDetails.houseNumberExtension} ${nl.common.optional}`
          : nlPersonalDetails[name]
      }
      autoComplete={autoComplete[name]}
      value={state[name]}
      error={state.errors[name]}
      required={name !== 'houseNumberExtension'}
      onChange={(event) => update(name, event.target.value)}
      {...props}
    />
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={nlPersonalDetails.legend}>
      <div css={row}>
        {field('firstName')}
        {field('lastName')}
      </div>
      <div css={row}>
        {field('birthdate', { type: 'date' })}
        {field('phoneNumber', { type: 'tel', inputMode: 'tel' })}
      </div>
      <fieldset
        css={css`
          border: 0;
          margin: 0;
          padding: 0;
        `}
      >
        <legend
          css={css`
            font-weight: 700;
            font-size: 18px;
            margin-bottom: 8px;
          `}
        >
          {nlPersonalDetails.address}
        </legend>
        {field('streetName')}
        <div css={row}>
          {field('houseNumber', { inputMode: 'numeric' })}
          {field('houseNumberExtension')}
        </div>
        <div css={row}>
          {field('postalCode')}
          {field('city')}
        </div>
        {field('country')}
      </fieldset>
      <Button type="submit">{nlOnboarding.personalDetails.submit}</Button>
    </form>
  );
}
