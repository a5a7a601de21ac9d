import { describe, expect, it } from 'vitest';
import { failureReasonText, unknownFailure } from './failure-reasons.ts';

describe('failure reasons in plain Dutch', () => {
  it('names the common SEPA return codes and card reasons, and falls back to a general sentence', () => {
    expect(failureReasonText('AM04')).toBe('Er stond niet genoeg saldo op de rekening.');
    expect(failureReasonText('md06')).toBe('Je hebt de incasso bij je bank laten terugboeken.');
    expect(failureReasonText('MS02')).toBe('De incasso is geweigerd door de rekeninghouder.');
    expect(failureReasonText('AC04')).toBe('De bankrekening is opgeheven.');
    expect(failureReasonText('MD01')).toContain('geen geldige machtiging');
    expect(failureReasonText('card_expired')).toBe('Je creditcard is verlopen.');
    expect(failureReasonText('insufficient_funds')).toBe('Er was niet genoeg ruimte op je creditcard.');
    for (const code of ['ZZ99', '', null, undefined]) expect(failureReasonText(code)).toBe(unknownFailure);
  });
});
