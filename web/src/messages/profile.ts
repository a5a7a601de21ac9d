/** The profile form (onboarding and account) and the profile pages. */
export const nlProfileForm = {
  userName: 'Gebruikersnaam',
  userNameHint: 'Letters, cijfers en laag streepje (_).',
  checking: 'Beschikbaarheid controleren…',
  available: 'Deze naam is beschikbaar.',
  checkFailed: 'De beschikbaarheid kon niet worden gecontroleerd.',
  occupation: 'Beroep',
  bio: 'Bio',
  counter: (length: number, max: number) => `${length} / ${max}`,
  avatar: 'Profielfoto',
  avatarChoose: 'Kies een foto',
  avatarReset: 'Standaardfoto gebruiken',
  avatarZoom: 'Inzoomen',
  avatarX: 'Horizontaal verschuiven',
  avatarY: 'Verticaal verschuiven',
  avatarPreview: 'Voorbeeld van je profielfoto',
  avatarUnreadable: 'Deze afbeelding kon niet worden gelezen. Kies een andere foto.',
  save: 'Opslaan',
  saving: 'Bezig met opslaan…',
  saved: 'Je profiel is opgeslagen.',
  // Spec 8.
  createFailed: 'Er is een onbekende fout opgetreden',
  noBlob: 'No blob to upload.',
} as const;

export const nlProfilePage = {
  title: 'Mijn profiel',
  edit: 'Profiel bewerken',
  memberSince: (date: string) => `Lid sinds ${date}`,
  posts: 'Berichten',
  comments: 'Reacties',
  noPosts: 'Nog geen berichten.',
  noComments: 'Nog geen reacties.',
  loadFailed: 'Dit profiel kon niet worden geladen.',
  onPost: (title: string) => `Bij: ${title}`,
} as const;
