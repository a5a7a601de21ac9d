import { limits } from './limits.ts';

/**
 * Dutch validation texts that the server sends back in `issues[].message`.
 * Spec texts (section 5) are verbatim; the rest are ours, in the same voice.
 */
export const validationMessages = {
  userNameRequired: 'Vul een gebruikersnaam in.',
  userNameChars: 'Je gebruikersnaam mag alleen letters, cijfers en laag streepje bevatten.',
  userNameTaken: 'Deze naam is al in gebruik.',
  userNameLength: 'Je gebruikersnaam moet 3 tot 30 tekens lang zijn.',
  occupationLimit: 'Occupation character limit reached.',
  bioLimit: 'Je bio mag maximaal 500 tekens lang zijn.',
  messageRequired: 'Schrijf een bericht.',
  messageToSelf: 'Je kunt geen bericht aan jezelf sturen.',
  imageInvalid: 'Dit bestand is geen geldige afbeelding (PNG, JPEG, WebP of GIF).',
  imageTooLarge: 'Deze afbeelding is te groot (maximaal 5 MB).',
  imageTooManyPixels: `Deze afbeelding heeft te veel pixels (maximaal ${limits.imagePixelsMax / 1_000_000} megapixel).`,
  firstName: 'Vul een voornaam in',
  lastName: 'Vul een achternaam in',
  birthdate: 'Vul een geboortedatum in',
  phoneNumber: 'Vul een telefoonnummer in',
  streetName: 'Vul een straatnaam in',
  houseNumber: 'Vul een huisnummer in',
  postalCode: 'Vul een postcode in',
  city: 'Vul een stad in',
  country: 'Vul een land in',
  birthdateInvalid: 'Vul een geldige geboortedatum in',
  phoneNumberInvalid: 'Vul een geldig telefoonnummer in',
  postalCodeInvalid: 'Vul een geldige postcode in',
  houseNumberInvalid: 'Vul een geldig huisnummer in',
  invalid: 'Deze waarde is ongeldig',
  invalidCharacter: 'Deze tekst bevat een ongeldig teken',
  required: 'Dit veld is verplicht',
  tooLong: 'Deze tekst is te lang',
  reasonRequired: 'Geef een reden op',
  searchQuery: 'Typ minstens 2 tekens om te zoeken',
  dateInvalid: 'Vul een geldige datum in',
  pageSize: `Kies een paginagrootte van 1 tot ${limits.pageSizeMax}`,
  monthInvalid: 'Kies een geldige maand',
} as const;
