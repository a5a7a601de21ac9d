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
} as const;
