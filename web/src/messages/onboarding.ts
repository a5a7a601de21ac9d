/**
 * Onboarding texts (spec 4 and 5). The validation messages of the personal details come from the
 * contract (validationMessages), which the server sends too.
 */
export const nlOnboarding = {
  close: 'Sluiten en terug naar de homepage',
  stepOf: (step: number, total: number) => `Stap ${step} van ${total}`,
  personalDetails: {
    title: 'Word lid van Kring',
    body: 'Vul je persoonlijke gegevens in. We gebruiken ze alleen voor je lidmaatschap en de betaling.',
    submit: 'Volgende',
    saving: 'Bezig met opslaan…',
    saveFailed: 'Je gegevens konden niet worden opgeslagen. Probeer het opnieuw.',
    haveAccount: 'Al een account?',
  },
  register: {
    title: 'Maak je account aan',
    body: 'Met dit account log je voortaan in. Je kunt ook je Google-account gebruiken.',
    submit: 'Account aanmaken',
    submitting: 'Bezig met aanmaken…',
    google: 'Registreren met Google',
    haveAccount: 'Heb je al een account?',
    editDetails: 'Gegevens wijzigen',
  },
  payment: {
    title: 'Betaal je lidmaatschap',
    body: 'Je betaalt de eerste termijn via een beveiligde betaalpagina. Daarna loopt je lidmaatschap automatisch door; opzeggen kan altijd.',
    price: 'Prijs',
    priceLoading: 'Prijs wordt geladen…',
    priceFailed: 'De prijs kon niet worden geladen.',
    pay: 'Betalen',
    starting: 'Je wordt doorgestuurd naar de betaalpagina…',
    startFailed: 'De betaling kon niet worden gestart. Probeer het opnieuw.',
    pending: 'Je betaling is bezig. We wachten op de bevestiging van de bank…',
    paid: 'Je betaling is gelukt. Je lidmaatschap is actief.',
    activating: 'We zetten je lidmaatschap klaar…',
    continue: 'Verder naar je profiel',
    failed: 'Je betaling is mislukt.',
    canceled: 'Je betaling is geannuleerd.',
    expired: 'Je betaling is verlopen.',
    retry: 'Opnieuw betalen',
    detailsInvalid: 'Controleer je gegevens: niet alles is goed ingevuld.',
    editDetails: 'Gegevens aanpassen',
  },
  profile: {
    title: 'Maak je profiel',
    body: 'Dit zien andere leden van je: je gebruikersnaam, wat je doet, een korte bio en je foto.',
    submit: 'Profiel aanmaken',
    submitting: 'Bezig met aanmaken…',
  },
} as const;

export const nlPersonalDetails = {
  legend: 'Persoonlijke gegevens',
  address: 'Adres',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  birthdate: 'Geboortedatum',
  phoneNumber: 'Telefoonnummer',
  streetName: 'Straatnaam',
  houseNumber: 'Huisnummer',
  houseNumberExtension: 'Toevoeging',
  postalCode: 'Postcode',
  city: 'Stad',
  country: 'Land',
  defaultCountry: 'Nederland',
} as const;
