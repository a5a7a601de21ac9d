import { describe, expect, it } from 'vitest';
import * as allEndpoints from './endpoints/index.ts';
import { billingEndpoints, communityEndpoints, privacyEndpoints, subscriptionEndpoints } from './registry.ts';
import { isPlausibleBirthdate, personalDetails, profileFields, reason, topicId, trimmed } from './schemas.ts';
import { checkUserName } from './user-name.ts';

// Spec section 7, verbatim: every call the web makes.
const specCommunity =
  `isUserNameAvailable getUserAccount createMembership updateMembership listUsers createProfile
  updateProfile getProfile getPublicProfile createPost createArticlePost editPost deletePost pinPostModerator
  unpinPostModerator deletePostModerator getPost listPosts upvotePost undoUpvotePost createComment editComment
  deleteComment deleteCommentModerator upvoteComment undoUpvoteComment listTopics listTrendingTopics
  listTopicsByPostCount handleMailNotifications handleWeeklyMail listUserNotifications listThreads
  listThreadMessages sendMessage`.split(/\s+/);
const specSubscription =
  `webhookPaymentHandler createSubscriptionInitialPayment getSubscriptionInitialPaymentStatus
  getSubscriptionStatus cancelSubscription getSubscriptionInitialPaymentPrice`.split(/\s+/);
// Issue 24 part B (not in the spec's list): dunning, resume and a new payment method.
const billingSubscription = [
  'changePaymentMethod',
  'getPaymentProblem',
  'payMissedPeriod',
  'resumeSubscription',
];

describe('registry', () => {
  it('puts every endpoint in the group of its own service, under its own name, and nothing else', () => {
    const groups = {
      community: communityEndpoints,
      subscription: subscriptionEndpoints,
      billing: billingEndpoints,
      privacy: privacyEndpoints,
    };
    const grouped = Object.entries(groups).flatMap(([service, group]) =>
      Object.entries(group).map(([name, e]) => `${service}/${name}:${e.service}/${e.name}`),
    );
    const expected = Object.values(allEndpoints).map((e) => `${e.service}/${e.name}:${e.service}/${e.name}`);
    expect(grouped.sort()).toEqual(expected.sort());
  });

  it('billing: only the plans are public; receipts and the history need a sign-in, a plan switch a recent one', () => {
    expect(Object.values(billingEndpoints).every((e) => e.service === 'billing')).toBe(true);
    expect(billingEndpoints.listPlans.access).toBe('public');
    expect(billingEndpoints.listMyPayments.access).toBe('signedIn');
    expect(billingEndpoints.getReceipt.access).toBe('signedIn');
    expect(billingEndpoints.switchPlan).toMatchObject({ access: 'member', session: 'recent' });
    expect(billingEndpoints.getReceipt.input.safeParse({ number: '1 OR 1=1' }).success).toBe(false);
  });

  it('defines all 35 community and 6 subscription calls of the spec, under their own names', () => {
    expect(specCommunity).toHaveLength(35);
    for (const name of specCommunity) expect(communityEndpoints).toHaveProperty(name);
    expect(Object.keys(subscriptionEndpoints).sort()).toEqual(
      [...specSubscription, ...billingSubscription].sort(),
    );
    for (const [name, e] of Object.entries({ ...communityEndpoints, ...subscriptionEndpoints }))
      expect(e.name).toBe(name);
  });

  it('lets only moderators pin and delete for others, and only Mollie-facing calls, topic lists and the signed unsubscribe go without a token', () => {
    for (const name of [
      'pinPostModerator',
      'unpinPostModerator',
      'deletePostModerator',
      'deleteCommentModerator',
    ]) {
      expect(communityEndpoints[name as keyof typeof communityEndpoints].access).toBe('moderator');
    }
    const open = Object.values({ ...communityEndpoints, ...subscriptionEndpoints })
      .filter((e) => e.access === 'public')
      .map((e) => e.name)
      .sort();
    expect(open).toEqual([
      'getSubscriptionInitialPaymentPrice',
      'listTopics',
      'listTopicsByPostCount',
      'listTrendingTopics',
      'resubscribeMail',
      'unsubscribeMail',
      'webhookPaymentHandler',
    ]);
  });

  it('checks the session (revoked or disabled: 401) on every call that changes money, membership, personal data, moderation, chat blocks or reports, and on the mail jobs', () => {
    // The Auth emulator checks revocation on every token, so only this list shows it in tests.
    const checked = Object.fromEntries(
      Object.values({ ...communityEndpoints, ...subscriptionEndpoints, ...privacyEndpoints })
        .filter((e) => e.session !== undefined)
        .map((e) => [e.name, e.session]),
    );
    expect(checked).toEqual({
      blockUser: 'live',
      cancelSubscription: 'recent',
      changeMemberRoleAdmin: 'recent',
      changePaymentMethod: 'recent',
      createMembership: 'live',
      createProfile: 'live',
      createSubscriptionInitialPayment: 'recent',
      deleteCommentModerator: 'live',
      deleteMyAccount: 'recent',
      deletePostModerator: 'live',
      dismissReportsModerator: 'live',
      endCompMembershipAdmin: 'recent',
      exportMembersAdmin: 'recent',
      exportMyData: 'recent',
      exportPaymentsAdmin: 'recent',
      payMissedPeriod: 'live',
      getMemberAdmin: 'recent',
      getOverviewAdmin: 'recent',
      getReceiptAdmin: 'recent',
      getUserAccount: 'live',
      grantCompMembershipAdmin: 'recent',
      handleMailNotifications: 'live',
      handleWeeklyMail: 'live',
      listAdminLogAdmin: 'recent',
      listMemberPaymentsAdmin: 'recent',
      listMembersAdmin: 'recent',
      pinPostModerator: 'live',
      refundPaymentAdmin: 'recent',
      reportItem: 'live',
      resendReceiptAdmin: 'recent',
      resumeSubscription: 'recent',
      suspendMemberAdmin: 'live',
      unblockUser: 'live',
      unpinPostModerator: 'live',
      updateMailPreferences: 'live',
      updateMembership: 'recent',
      updateProfile: 'live',
      uploadImage: 'live',
    });
  });
});

const valid = {
  firstName: 'Sanne',
  lastName: 'de Boer',
  birthdate: '1988-04-12',
  phoneNumber: '06 12345678',
  streetName: 'Lange Voorhout',
  houseNumber: '12',
  postalCode: '2514 EE',
  city: 'Den Haag',
};

describe('personal details (spec section 5)', () => {
  it('accepts complete details and defaults the country to Nederland', () => {
    const parsed = personalDetails.parse(valid);
    expect(parsed.country).toBe('Nederland');
    expect(parsed.houseNumberExtension).toBe('');
  });

  it('reports every blank required field with the spec message', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, '   ']));
    const result = personalDetails.safeParse({ ...blank, country: ' ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      firstName: 'Vul een voornaam in',
      lastName: 'Vul een achternaam in',
      birthdate: 'Vul een geboortedatum in',
      phoneNumber: 'Vul een telefoonnummer in',
      streetName: 'Vul een straatnaam in',
      houseNumber: 'Vul een huisnummer in',
      postalCode: 'Vul een postcode in',
      city: 'Vul een stad in',
      country: 'Vul een land in',
    });
  });

  it('checks the shape of a Dutch postal code, a phone number and a birthdate', () => {
    const issues = (patch: object) =>
      personalDetails
        .safeParse({ ...valid, ...patch })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ postalCode: '0123 AB' })).toEqual(['postalCode: Vul een geldige postcode in']);
    expect(issues({ postalCode: '12345', country: 'België' })).toBeUndefined();
    expect(issues({ phoneNumber: 'bel me' })).toEqual(['phoneNumber: Vul een geldig telefoonnummer in']);
    expect(issues({ birthdate: '1988-02-30' })).toEqual(['birthdate: Vul een geldige geboortedatum in']);
  });

  it('accepts birthdates of people aged 16 to 120 only', () => {
    const today = new Date('2026-11-22T12:00:00Z');
    expect(isPlausibleBirthdate('2010-11-22', today)).toBe(true);
    expect(isPlausibleBirthdate('2015-01-01', today)).toBe(false);
    expect(isPlausibleBirthdate('1890-01-01', today)).toBe(false);
  });
});

describe('user names (spec section 5)', () => {
  it('uses the spec messages', () => {
    expect(checkUserName('')).toBe('Vul een gebruikersnaam in.');
    expect(checkUserName('jan!')).toBe(
      'Je gebruikersnaam mag alleen letters, cijfers en laag streepje bevatten.',
    );
    expect(checkUserName('jan_de_vries')).toBeNull();
  });

  it('allows accented Latin letters only in the final check', () => {
    expect(checkUserName('zoë_jansen', 'typing')).not.toBeNull();
    expect(checkUserName('zoë_jansen', 'final')).toBeNull();
    expect(checkUserName('Łukasz', 'final')).toBeNull();
    expect(checkUserName('Дмитрий', 'final')).not.toBeNull();
  });
});

describe('text that Postgres cannot store', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('refuses U+0000 anywhere in a text field with one Dutch message, before any other check', () => {
    const invalid = 'Deze tekst bevat een ongeldig teken';
    expect(issues(trimmed(10).safeParse('a\u0000b'))).toEqual([`: ${invalid}`]);
    expect(issues(trimmed(3).safeParse('\u0000'.repeat(20)))).toEqual([`: ${invalid}`]);
    expect(issues(reason.safeParse('Spam\u0000'))).toEqual([`: ${invalid}`]);
    expect(
      issues(profileFields.safeParse({ name: 'jan_de_vries', occupation: '\u0000', bio: 'b\u0000' })),
    ).toEqual([`occupation: ${invalid}`, `bio: ${invalid}`]);
    for (const field of [...Object.keys(valid), 'houseNumberExtension', 'country']) {
      const value = `${valid[field as keyof typeof valid] ?? 'x'}\u0000`;
      expect(issues(personalDetails.safeParse({ ...valid, [field]: value }))).toEqual([
        `${field}: ${invalid}`,
      ]);
    }
  });

  it('names an empty or too short reason once', () => {
    for (const value of ['', '   ', 'ok']) {
      expect(issues(reason.safeParse(value))).toEqual([': Geef een reden op']);
    }
    expect(reason.parse('  Spam  ')).toBe('Spam');
  });

  it('keeps other control characters and any Unicode text', () => {
    expect(trimmed(50).parse(' Zoë\tzegt: 👍 \u0001 ')).toBe('Zoë\tzegt: 👍 \u0001');
  });
});

describe('topic ids', () => {
  it('fit the int4 column of topics', () => {
    expect(topicId.safeParse(2_147_483_647).success).toBe(true);
    expect(topicId.safeParse(2_147_483_648).success).toBe(false);
    expect(topicId.safeParse(0).success).toBe(false);
  });
});
