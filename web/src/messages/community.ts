import { notificationWords } from '@kring/contract/notification-text';
import type { Role } from '@kring/contract/roles';

// Spec 2: role badges, keyed by Role.Moderator (2) and Role.Admin (3) (the numbers keep the Role object
// out of the first-load bundle; a key that is no role is a type error).
const badges: Partial<Record<Role, string>> = { 2: 'Moderator', 3: 'Admin' };

/** Community texts: timeline, posts, notifications and chat (spec 2 and 8). */
export const nlCommunity = {
  timelineTitle: 'Tijdlijn',
  timelineEmpty: 'Er zijn nog geen berichten.',
  timelineFailed: 'De tijdlijn kon niet worden geladen.',
  pinned: 'Vastgezet',
  comments: (n: number) => (n === 1 ? '1 reactie' : `${n} reacties`),
  postFailed: 'Dit bericht kon niet worden geladen.',
  postDeleted: 'Dit bericht is verwijderd.',
  commentDeleted: 'Deze reactie is verwijderd.',
  noComments: 'Nog geen reacties.',
  backToTimeline: 'Terug naar de tijdlijn',
  upvote: 'Stem omhoog',
  undoUpvote: 'Stem intrekken',
  voteFailed: 'Je stem is niet verwerkt. Probeer het opnieuw.',
  // Spec 2: role badges.
  badges,
} as const;

export const nlNotifications = {
  // Spec 2 and 8, verbatim.
  title: 'Notificaties',
  empty: 'Je hebt geen notificaties.',
  failed: 'Het laden van de notificaties is mislukt.',
  justNow: 'zojuist',
  // The sentences themselves ('heeft gereageerd op je bericht.', ...) are written once, in the
  // contract, because the notification mail says them too.
  ...notificationWords,
  newCount: (n: number) => `${n} Nieuwe`,
  /** Read out before an unread row (the dot beside it shows it). */
  unreadLabel: 'Nieuw',
} as const;

export const nlChat = {
  // Spec 2, verbatim.
  title: 'Berichten',
  empty: 'Je hebt nog geen berichten.',
  loadMore: 'Laad meer berichten',
  loading: 'Aan het laden..',
  noMore: 'Geen berichten meer',
  placeholder: 'Schrijf je bericht',
  failed: 'De berichten konden niet worden geladen.',
  unread: (n: number) => `${n} ongelezen`,
  // Spec 5 and 8, verbatim.
  required: 'Schrijf een bericht.',
  sendFailed: 'Er is een onbekende fout opgetreden.',
  openThread: (name: string, unread: number) =>
    unread > 0 ? `Gesprek met ${name} openen, ${unread} ongelezen` : `Gesprek met ${name} openen`,
  back: 'Terug naar alle berichten',
  messagesWith: (name: string) => `Berichten met ${name}`,
  replyLabel: (name: string) => `Bericht aan ${name}`,
  replyHint: 'Enter verstuurt, Shift+Enter begint een nieuwe regel.',
  send: 'Versturen',
  sending: 'Bezig met versturen',
  you: 'Jij',
  /** Instead of a name while the other member is not known (yet). */
  someone: 'dit lid',
  newConversation: (name: string) => `Nog geen berichten. Stuur ${name} het eerste bericht.`,
  threadFailed: 'Dit gesprek kon niet worden geladen.',
  tooLong: (max: number) => `Je bericht is te lang (hoogstens ${max} tekens).`,
  /** sendMessage refused: too many new conversations without an answer this hour (CHAT_NEW_CONVERSATIONS_LIMIT). */
  newConversationsLimit: (max: number) =>
    `Je hebt het afgelopen uur al ${max} gesprekken begonnen met leden die nog niet hebben geantwoord. Wacht op een antwoord of probeer het over een uur opnieuw.`,
  /** sendMessage refused: too many messages this hour into a conversation the other has not answered (CHAT_UNANSWERED_LIMIT). */
  unansweredLimit: (max: number) =>
    `Je hebt dit lid het afgelopen uur al ${max} berichten gestuurd zonder antwoord. Wacht op een antwoord of probeer het over een uur opnieuw.`,
} as const;

/** The `@` suggestions in the post and comment boxes. */
export const nlMentions = {
  listLabel: 'Leden om te noemen',
  found: (n: number) =>
    n === 1
      ? '1 lid gevonden. Kies met pijltjes en Enter.'
      : `${n} leden gevonden. Kies met pijltjes en Enter.`,
  none: 'Geen leden gevonden.',
  chosen: (name: string) => `${name} genoemd.`,
} as const;

export const nlComposer = {
  newPost: 'Nieuw bericht',
  discussArticle: 'Bespreek dit artikel',
  title: 'Titel',
  content: 'Bericht',
  contentHint: 'Gewone tekst: witregels maken alinea’s, webadressen worden links, @naam noemt een lid.',
  topics: 'Onderwerpen',
  topicsHint: (max: number) => `Kies er hoogstens ${max}.`,
  topicsFailed: 'De onderwerpen konden niet worden geladen.',
  images: 'Afbeeldingen',
  addImage: 'Afbeelding toevoegen',
  removeImage: (n: number) => `Verwijder afbeelding ${n}`,
  imageAlt: (n: number) => `Afbeelding ${n}`,
  uploading: 'Afbeelding wordt geüpload…',
  uploadFailed: 'De afbeelding kon niet worden geüpload.',
  imageType: 'Kies een afbeelding (PNG, JPEG, WebP of GIF).',
  imageTooLarge: 'Deze afbeelding is te groot (maximaal 5 MB).',
  tooManyImages: (max: number) => `Je kunt hoogstens ${max} afbeeldingen toevoegen.`,
  counter: (n: number, max: number) => `${n} / ${max} tekens`,
  publish: 'Plaatsen',
  save: 'Opslaan',
  cancel: 'Annuleren',
  saving: 'Bezig met opslaan…',
  failed: 'Je bericht kon niet worden opgeslagen.',
} as const;

export const nlTimeline = {
  sortLabel: 'Sorteren',
  newest: 'Nieuwste',
  popular: 'Populair',
  postsHeading: 'Berichten',
  loadMore: 'Meer laden',
  loadingMore: 'Meer berichten laden…',
  moreFailed: 'De volgende berichten konden niet worden geladen.',
  emptyTopic: (topic: string) => `Er zijn nog geen berichten over ${topic}.`,
  posted: 'Je bericht is geplaatst.',
  postTopics: 'Onderwerpen van dit bericht',
  topicsNav: 'Onderwerpen',
  trending: 'Trending',
  byPostCount: 'Onderwerpen',
  moreTopics: 'Meer onderwerpen',
  topicsFailed: 'De onderwerpen konden niet worden geladen.',
  noTopics: 'Er zijn nog geen onderwerpen.',
  allPosts: 'Alle berichten',
  skipToPosts: 'Direct naar de berichten',
  members: 'Alle leden bekijken',
  postCount: (n: number) => (n === 1 ? '1 bericht' : `${n} berichten`),
  filteredBy: (topic: string) => `Berichten over ${topic}`,
  unknownTopic: 'Dit onderwerp bestaat niet (meer). Je ziet alle berichten.',
  // Article discussions (the public kennisbank article page).
  discussionTitle: 'Uit de community',
  discussionEmpty: 'Nog niemand heeft dit artikel besproken. Begin jij het gesprek?',
  discussionFailed: 'De berichten over dit artikel konden niet worden geladen.',
  inviteTitle: 'Praat mee in de community',
  inviteBody:
    'Leden van Kring bespreken dit artikel in de community. Word lid om mee te lezen en mee te praten.',
  inviteIncomplete: 'Maak je lidmaatschap en profiel compleet om mee te lezen en mee te praten.',
} as const;

/** The members list (/community/leden) and the message button on it and on a profile. */
export const nlMembers = {
  title: 'Leden',
  navLabel: 'Leden',
  communityNavLabel: 'Community',
  sortLabel: 'Sorteren',
  sortPoints: 'Punten',
  sortNewest: 'Nieuwste',
  empty: 'Er zijn nog geen leden.',
  failed: 'De leden konden niet worden geladen.',
  more: 'Meer leden',
  moreFailed: 'De volgende leden konden niet worden geladen.',
  loading: 'Aan het laden..',
  retry: 'Opnieuw proberen',
  sendMessage: 'Stuur een bericht',
  /** Completes 'Stuur een bericht' for screen readers, which hear every button of the list. */
  sendMessageTo: (name: string) => ` aan ${name}`,
  you: '(jij)',
} as const;

/** Paging on a public profile (/community/profiel/{id}). */
export const nlPublicProfile = {
  morePosts: 'Meer berichten',
  moreComments: 'Meer reacties',
  moreFailed: 'Dit kon niet worden geladen. Probeer het opnieuw.',
} as const;

/** The post page: a post, its comment threads and the author's and moderators' actions. */
export const nlPostPage = {
  notFound: 'Dit bericht bestaat niet (meer).',
  edited: 'bewerkt',
  articleLink: 'Lees het artikel in de kennisbank',
  topicsLabel: 'Onderwerpen',
  imagesLabel: 'Afbeeldingen bij dit bericht',
  imageAlt: (n: number, total: number) => `Afbeelding ${n} van ${total}`,
  openImage: (n: number, total: number) => `Afbeelding ${n} van ${total} groot bekijken`,
  previousImage: 'Vorige',
  nextImage: 'Volgende',
  // Actions on a post or a comment.
  moreActions: (name: string) => `Meer acties voor de reactie van ${name}`,
  edit: 'Bewerk',
  delete: 'Verwijder',
  reply: 'Reageer',
  pin: 'Vastzetten',
  unpin: 'Losmaken',
  pinFailed: 'Het vastzetten is niet gelukt. Probeer het opnieuw.',
  editPost: 'Bericht bewerken',
  // Placeholders for removed content; the reason only reaches the author and moderators.
  postRemoved: 'Dit bericht is verwijderd door een moderator.',
  commentRemoved: 'Deze reactie is verwijderd door een moderator.',
  reason: (reason: string) => `Reden: ${reason}`,
  // Comments.
  commentBy: (name: string) => `Reactie van ${name}`,
  commentBoxLabel: 'Schrijf een reactie',
  replyLabel: (name: string) => `Je reactie op ${name}`,
  editCommentLabel: 'Je reactie',
  replyTo: (name: string) => `Antwoord op ${name}`,
  send: 'Plaatsen',
  save: 'Opslaan',
  cancel: 'Annuleren',
  saving: 'Bezig met opslaan…',
  sending: 'Wordt verstuurd…',
  sent: 'Je reactie is geplaatst.',
  counter: (n: number, max: number) => `${n} / ${max} tekens`,
  commentFailed: 'Je reactie kon niet worden geplaatst. Je tekst staat er nog.',
  editFailed: 'Je reactie kon niet worden opgeslagen.',
  deleteFailed: 'Het verwijderen is niet gelukt. Probeer het opnieuw.',
  moreComments: 'Meer reacties',
  commentsFailed: 'De reacties konden niet worden geladen.',
  moreCommentsFailed: 'De volgende reacties konden niet worden geladen.',
  commentsClosed: 'Op een verwijderd bericht kun je niet meer reageren.',
  highlighted: 'Gemarkeerde reactie',
  // Sorting (spec 9: by time by default): the two orders of getPost, in words a member knows.
  sortLabel: 'Reacties sorteren',
  sortCreatedAt: 'Oudste eerst',
  sortPoints: 'Populair',
  // Confirmations and moderation.
  deletePostTitle: 'Bericht verwijderen?',
  deletePostBody:
    'Je bericht en de reacties eronder verdwijnen van de tijdlijn. Dit kun je niet ongedaan maken.',
  deleteCommentTitle: 'Reactie verwijderen?',
  deleteCommentBody:
    'Je reactie wordt vervangen door ‘Deze reactie is verwijderd.’ Dit kun je niet ongedaan maken.',
  confirmDelete: 'Verwijderen',
  deleting: 'Bezig met verwijderen…',
  removePostTitle: 'Bericht verwijderen als moderator',
  removeCommentTitle: 'Reactie verwijderen als moderator',
  removeBody: (name: string) =>
    `${name} krijgt een e-mail met je reden. Leden zien daarna ‘verwijderd’ op deze plek; alleen de schrijver en moderators zien de reden.`,
  reasonLabel: 'Reden',
  reasonHint: (min: number, max: number) => `Tussen ${min} en ${max} tekens.`,
} as const;
