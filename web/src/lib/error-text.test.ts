import { errorReasons } from '@kring/contract';
import { describe, expect, it } from 'vitest';
import { reasonText } from '../messages/error-reasons.ts';
import { ApiError, NetworkError } from './api.ts';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it('says in Dutch that the visitor is going too fast, or that a service is briefly away', () => {
    expect(errorText(new ApiError(429, { error: { code: 'RATE_LIMITED' } }), 'x')).toBe(
      'Je gaat even te snel. Probeer het over een paar minuten opnieuw.',
    );
    expect(errorText(new ApiError(503, { error: { code: 'UNAVAILABLE' } }), 'x')).toBe(
      'Deze dienst is even niet bereikbaar. Probeer het zo nog eens.',
    );
  });

  it("keeps the screen's own text for anything else", () => {
    expect(errorText(new ApiError(500, { error: { code: 'INTERNAL' } }), 'Betalen is niet gelukt')).toBe(
      'Betalen is niet gelukt',
    );
    expect(errorText(new NetworkError(), 'Betalen is niet gelukt')).toBe('Betalen is niet gelukt');
  });

  it('says why when the reason has a text of its own: a block, a refused stop of payments', () => {
    const refused = (reason: string) => new ApiError(403, { error: { code: 'FORBIDDEN', reason } });
    expect(errorText(refused('CHAT_BLOCKED'), 'x')).toBe('Dit lid wil geen berichten van je ontvangen.');
    expect(errorText(refused('CHAT_YOU_BLOCKED'), 'x')).toBe(
      'Je hebt dit lid geblokkeerd. Deblokkeer eerst om een bericht te sturen.',
    );
    expect(
      errorText(new ApiError(409, { error: { code: 'CONFLICT', reason: 'PAYMENT_PROVIDER_REFUSED' } }), 'x'),
    ).toMatch(/^Je account kon niet worden verwijderd, omdat onze betaalpartner/);
    expect(errorText(refused('NOT_AUTHOR'), 'Verwijderen is niet gelukt')).toBe('Verwijderen is niet gelukt');
  });

  it('has an entry for every reason the contract names, and none besides', () => {
    expect(Object.keys(reasonText).sort()).toEqual([...errorReasons].sort());
  });
});
