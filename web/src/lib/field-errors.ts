/**
 * Per-field form errors with spec 5's rule for every form: an error clears as soon as its field gets
 * a value (a non-blank text, a chosen item), not on the next submit. Forms set the errors a submit or
 * the server found and report each change; what stays wrong comes back on the next submit.
 */
import { useCallback, useState } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A field "has a value": a text that is not blank after trimming, a list with an item, a number. */
export const hasValue = (value: unknown): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
};

/** The errors after `field` changed to `value`: its error gone when it now has a value (same object otherwise). */
export function clearedOnValue<F extends string>(
  errors: FieldErrors<F>,
  field: F,
  value: unknown,
): FieldErrors<F> {
  if (!errors[field] || !hasValue(value)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest as FieldErrors<F>;
}

/** A form's field errors: `set` what a submit found, `changed(field, value)` on every edit (spec 5). */
export function useFieldErrors<F extends string>() {
  const [errors, set] = useState<FieldErrors<F>>({});
  const changed = useCallback(
    (field: F, value: unknown) => set((current) => clearedOnValue(current, field, value)),
    [],
  );
  return { errors, set, changed };
}
