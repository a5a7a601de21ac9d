import { describe, expect, it } from 'vitest';
import { outcomeOfFailure } from './mail.ts';

// What nodemailer's errors mean for "may this mail be sent again?" (a retry must never send twice).
describe('a failed send', () => {
  it('is refused, and may be tried again, when the server answered no or never got the message', () => {
    expect(outcomeOfFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 })).toBe('refused');
    expect(outcomeOfFailure({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 })).toBe('refused');
    expect(outcomeOfFailure({ code: 'ECONNECTION', command: 'CONN' })).toBe('refused');
    expect(outcomeOfFailure({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 })).toBe('refused');
    expect(outcomeOfFailure({ code: 'ETIMEDOUT', command: 'CONN' })).toBe('refused');
  });

  it('is unknown, and must not be sent again, when the connection broke after the message was handed over', () => {
    expect(outcomeOfFailure({ code: 'ETIMEDOUT', command: 'DATA' })).toBe('unknown');
    expect(outcomeOfFailure({ code: 'ESOCKET' })).toBe('unknown');
    expect(outcomeOfFailure(new Error('connection reset'))).toBe('unknown');
    expect(outcomeOfFailure(undefined)).toBe('unknown');
  });
});
