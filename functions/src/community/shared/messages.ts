import { limits } from '@kring/contract';

/** Dutch texts for the community checks that need the database or the CMS (field issues of a 400). */
export const communityMessages = {
  topicUnknown: 'Dit onderwerp bestaat niet',
  articleUnknown: 'Dit artikel bestaat niet',
  imageNotYours: 'Deze afbeelding hoort niet bij jouw profiel',
  tooManyImages: `Een bericht kan maximaal ${limits.postImagesMax} afbeeldingen hebben`,
  parentNotInPost: 'Deze reactie hoort niet bij dit bericht',
  parentDeleted: 'Deze reactie is verwijderd',
  cursorInvalid: 'Deze cursor is ongeldig',
  blockSelf: 'Je kunt jezelf niet blokkeren',
  reportOwn: 'Je kunt je eigen bijdrage niet melden',
  suspendDate: 'Kies een datum na vandaag en binnen een jaar',
  suspendSelf: 'Je kunt jezelf niet schorsen',
  suspendLastAdmin: 'Dit is de laatste beheerder: maak eerst iemand anders beheerder',
} as const;
