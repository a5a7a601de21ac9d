/**
 * The personal details of a membership (spec 3 and 5), checked in the browser with the contract's
 * schema: the same Dutch messages the server sends. Used by onboarding and the membership page.
 */
import { personalDetails } from '@kring/contract';
import { type PersonalDetailField, type PersonalDetailsValues, personalDetailFields } from './storage.ts';

export type PersonalDetailErrors = Partial<Record<PersonalDetailField, string>>;

const isField = (field: unknown): field is PersonalDetailField =>
  typeof field === 'string' && (personalDetailFields as readonly string[]).includes(field);

/**
 * Validates with the contract's schema, so the form shows the same Dutch messages the server
 * would send (spec 5 for blank fields, plus the sanity checks on date, phone and postal code).
 * Returns the first message per field.
 */
export function validatePersonalDetails(values: PersonalDetailsValues): PersonalDetailErrors {
  const details = {} as PersonalDetailsValues;
  for (const field of personalDetailFields) details[field] = values[field];
  const result = personalDetails.safeParse(details);
  const errors: PersonalDetailErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The server's field messages for personal details sent under `prefix` (VALIDATION issues on
 * `membership.postalCode` and the like), first message per field.
 */
export function personalDetailIssues(
  issues: readonly { path: string; message: string }[],
  prefix: string,
): PersonalDetailErrors {
  const errors: PersonalDetailErrors = {};
  for (const issue of issues) {
    if (!issue.path.startsWith(`${prefix}.`)) continue;
    const field = issue.path.slice(prefix.length + 1);
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}
