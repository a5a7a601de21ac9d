/**
 * Why a payment failed, in plain Dutch for the member: the SEPA return codes a bank gives for a
 * failed direct debit (Mollie's `details.bankReasonCode`; the EPC's list) and Mollie's card
 * `failureReason`s. Anything else gets the general sentence.
 */
const sepa: Record<string, string> = {
  AC01: 'Het rekeningnummer (IBAN) klopt niet.',
  AC04: 'De bankrekening is opgeheven.',
  AC06: 'De bankrekening is geblokkeerd.',
  AC13: 'Op deze rekening is automatische incasso niet mogelijk.',
  AG01: 'Op deze rekening is automatische incasso niet toegestaan.',
  AG02: 'De bank kon de incasso niet verwerken.',
  AM04: 'Er stond niet genoeg saldo op de rekening.',
  AM05: 'De incasso was dubbel aangeboden.',
  BE05: 'De bank herkende ons als incassant niet.',
  MD01: 'Er is geen geldige machtiging voor de incasso (de machtiging is ingetrokken of ontbreekt).',
  MD02: 'De gegevens van de machtiging ontbreken of kloppen niet.',
  MD06: 'Je hebt de incasso bij je bank laten terugboeken.',
  MD07: 'De rekeninghouder is overleden.',
  MS02: 'De incasso is geweigerd door de rekeninghouder.',
  MS03: 'De bank heeft de incasso geweigerd zonder reden op te geven.',
  RC01: 'De bankcode (BIC) klopt niet.',
  RR01: 'De bank mocht de incasso om wettelijke redenen niet uitvoeren.',
  RR02: 'De bank mocht de incasso om wettelijke redenen niet uitvoeren.',
  RR03: 'De bank mocht de incasso om wettelijke redenen niet uitvoeren.',
  RR04: 'De bank mocht de incasso om wettelijke redenen niet uitvoeren.',
  SL01: 'Je bank blokkeert incasso’s van Kring (een incassoblokkade).',
};

const card: Record<string, string> = {
  insufficient_funds: 'Er was niet genoeg ruimte op je creditcard.',
  card_expired: 'Je creditcard is verlopen.',
  inactive_card: 'Je creditcard is niet actief.',
  card_declined: 'Je creditcard is geweigerd.',
  refused_by_issuer: 'De uitgever van je creditcard heeft de betaling geweigerd.',
  possible_fraud: 'De uitgever van je creditcard heeft de betaling tegengehouden.',
  invalid_card_number: 'De gegevens van je creditcard kloppen niet.',
  invalid_cvv: 'De gegevens van je creditcard kloppen niet.',
  invalid_card_holder_name: 'De gegevens van je creditcard kloppen niet.',
  invalid_card_type: 'Dit type creditcard wordt niet geaccepteerd.',
  authentication_failed: 'De betaling is niet bevestigd bij je bank.',
  authentication_abandoned: 'De betaling is niet bevestigd bij je bank.',
  authentication_required: 'De betaling is niet bevestigd bij je bank.',
  authentication_unavailable_acs: 'De betaling is niet bevestigd bij je bank.',
};

export const unknownFailure = 'De automatische betaling is niet gelukt; je bank heeft geen reden opgegeven.';

/** The reason in plain Dutch; `code` is a SEPA return code (any case) or a card failureReason. */
export function failureReasonText(code: string | null | undefined): string {
  if (!code) return unknownFailure;
  return sepa[code.trim().toUpperCase()] ?? card[code.trim().toLowerCase()] ?? unknownFailure;
}
