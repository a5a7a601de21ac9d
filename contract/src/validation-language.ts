import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/**
 * Dutch texts for the issues a schema gives no message of its own (a missing field, a value of the
 * wrong kind, a text too long), instead of Zod's English. A message the contract sets on a schema
 * still wins. Global to the Zod instance: the server calls it once, where it validates input.
 */
export function setDutchValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return m.required;
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return m.required;
      if (issue.code === 'too_big' && issue.origin === 'string') return m.tooLong;
      return m.invalid;
    },
  });
}
