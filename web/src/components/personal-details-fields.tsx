/**
 * The fields of the personal details (spec 3): name, birthdate, phone and address, with their
 * labels, autocomplete hints and per-field errors. Onboarding and the membership page both use it;
 * each owns its form, its values and what a submit does.
 */
import { css } from '@emotion/react';
import type { PersonalDetailErrors } from '../lib/personal-details.ts';
import type { PersonalDetailField, PersonalDetailsValues } from '../lib/storage.ts';
import { nl } from '../messages/nl.ts';
import { nlPersonalDetails } from '../messages/onboarding.ts';
import { TextField } from './ui/field.tsx';
import { fontSize, mq } from './ui/theme.ts';

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

export function PersonalDetailsFields({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: PersonalDetailsValues;
  errors: PersonalDetailErrors;
  onChange: (field: PersonalDetailField, value: string) => void;
  disabled?: boolean;
}) {
  const field = (name: PersonalDetailField, props: { type?: string; inputMode?: 'numeric' | 'tel' } = {}) => (
    <TextField
      name={name}
      label={
        name === 'houseNumberExtension'
          ? `${nlPersonalDetails.houseNumberExtension} ${nl.common.optional}`
          : nlPersonalDetails[name]
      }
      autoComplete={autoComplete[name]}
      value={values[name]}
      error={errors[name]}
      required={name !== 'houseNumberExtension'}
      disabled={disabled}
      onChange={(event) => onChange(name, event.target.value)}
      {...props}
    />
  );

  return (
    <>
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
            font-size: ${fontSize.lg};
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
    </>
  );
}
