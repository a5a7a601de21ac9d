import type { ErrorReason } from '@kring/contract';
import { chatFirstContact } from '@kring/contract/limits';
import { nlChat } from './community.ts';
import { deleteRefusedText } from './privacy.ts';
import { nlBlock } from './report.ts';

/**
 * The Dutch text for each reason a call can fail with (contract `errorReasons`). Exhaustive: a reason
 * added to the contract without an entry here is a type error. `null` means the screen's own text
 * says it best — a state the screen normally prevents (editing someone else's post), or one its
 * failure text already covers ("Reageren is niet gelukt") — and `errorText` then shows that text.
 */
export const reasonText: Record<ErrorReason, string | null> = {
  // The web handles these itself: it refreshes the token, asks to sign in again, or shows the
  // account state (suspended, no profile yet) before a screen could call.
  SESSION_REVOKED: null,
  RECENT_SIGN_IN_REQUIRED: null,
  ROLE_REQUIRED: null,
  PROFILE_REQUIRED: null,
  PROFILE_NOT_FOUND: null,
  POST_NOT_FOUND: null,
  COMMENT_NOT_FOUND: null,
  THREAD_NOT_FOUND: null,
  RECIPIENT_NOT_FOUND: null,
  ITEM_NOT_FOUND: null,
  NO_OPEN_REPORTS: null,
  NO_MEMBERSHIP: null,
  NOT_AUTHOR: null,
  CHAT_BLOCKED: nlBlock.blockedByThem,
  CHAT_YOU_BLOCKED: nlBlock.blockedByYou,
  CHAT_NEW_CONVERSATIONS_LIMIT: nlChat.newConversationsLimit(chatFirstContact.conversations),
  CHAT_UNANSWERED_LIMIT: nlChat.unansweredLimit(chatFirstContact.messages),
  PROFILE_EXISTS: null,
  MEMBERSHIP_EXISTS: null,
  MEMBERSHIP_ACTIVE: null,
  MEMBERSHIP_NOT_ACTIVE: null,
  ALREADY_REPORTED: null,
  PAYMENT_PROVIDER_REFUSED: deleteRefusedText,
  // The membership screen says these in its own words (messages/membership.ts).
  MEMBERSHIP_NOT_RESUMABLE: null,
  MANDATE_INVALID: null,
  NO_MISSED_PAYMENT: null,
  MEMBERSHIP_NOT_RENEWING: null,
  // The admin's comp-membership form (docs/admin.md).
  MEMBERSHIP_RENEWING:
    'Dit lid betaalt nog via een doorlopend abonnement. Laat het lid eerst opzeggen; de betaalde periode loopt dan gewoon af.',
  NO_COMP: 'Dit lid heeft geen gratis lidmaatschap (meer).',
  RENEWAL_IN_PROGRESS:
    'Je volgende betaling is al onderweg. Wijzig je abonnement als die verwerkt is (meestal binnen een paar dagen).',
  // Answered with UNAVAILABLE, whose own text says the service is briefly away.
  PAYMENT_PROVIDER_UNAVAILABLE: null,
  PAYMENT_START_BUSY: null,
  CMS_UNAVAILABLE: null,
  STORAGE_UNAVAILABLE: null,
  ROLE_SYNC_FAILED: null,
  MAIL_UNAVAILABLE: 'De mail kon niet worden verstuurd. Probeer het over een paar minuten opnieuw.',
  LAST_ADMIN:
    'Je bent de laatste beheerder. Maak eerst iemand anders beheerder (Beheer, Leden) en verwijder daarna je account.',
};
