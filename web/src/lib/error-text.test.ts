import { describe, expect, it } from 'vitest';
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
});
