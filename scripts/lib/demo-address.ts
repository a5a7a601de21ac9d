/** The address every demo membership gives (scripts/lib/seed.ts, scripts/demo-payment.ts). */
export const demoAddress = {
  streetName: 'Lange Voorhout',
  houseNumber: '12',
  houseNumberExtension: '',
  postalCode: '2514 EE',
  city: 'Den Haag',
  country: 'Nederland',
};
