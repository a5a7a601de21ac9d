import { limits } from './limits.ts';
import { validationMessages } from './messages.ts';

/** While typing: plain letters, digits and underscore (spec section 5). */
export const userNameTypingPattern = /^[A-Za-z0-9_]+$/;
/** The final check also allows accented Latin letters (Latin-1 Supplement and Latin Extended-A). */
export const userNameFinalPattern = /^[A-Za-z0-9_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0100-\u017F]+$/;

/** The Dutch message for a user name that breaks a rule, or null when it is acceptable. */
export const checkUserName = (raw: string, stage: 'typing' | 'final' = 'final'): string | null => {
  const name = raw.trim();
  if (name.length === 0) return validationMessages.userNameRequired;
  const pattern = stage === 'final' ? userNameFinalPattern : userNameTypingPattern;
  if (!pattern.test(name)) return validationMessages.userNameChars;
  if (name.length < limits.userNameMin || name.length > limits.userNameMax)
    return validationMessages.userNameLength;
  return null;
};
