/**
 * A returning member opening a member page (issue 26): the page's code, the account loader and the
 * Auth SDK start at once, in parallel, instead of one after the other (JavaScript, then the SDK after
 * first paint, then the account, then the page's code, then its data). As soon as the SDK has read
 * the stored sign-in, the account and the page's first data are asked for with that user's token
 * (lib/preload.ts: only that user's hooks take them). Nothing starts for a visitor: "returning" is
 * the uid lib/signed-in-owner.ts keeps for the last sign-in in this browser.
 */
import { matchPath } from 'react-router-dom';
import { membersPage } from '../../features/community/api/members.ts';
import { commentPageSource } from '../../features/community/api/post.ts';
import { postListPage } from '../../features/community/api/posts.ts';
import { MEMBERS_ORDER_PARAM } from '../../features/community/components/members-list.tsx';
import { storedOrder } from '../../features/community/hooks/use-sort-order.ts';
import {
  fetchSubscriptionStatus,
  SUBSCRIPTION_STATUS_KEY,
} from '../../features/membership/api/get-subscription-status.ts';
import { fetchMyPayments, MY_PAYMENTS_KEY } from '../../features/membership/api/list-my-payments.ts';
import { fetchUserAccount, USER_KEY } from '../../lib/api/get-user-account.ts';
import { restoreMemberCache } from '../../lib/member-cache.ts';
import { pageCode } from '../../lib/page-code.ts';
import { paths, SHOW_COMMENT_PARAM, TOPIC_PARAM } from '../../lib/paths.ts';
import { preloadFor } from '../../lib/preload.ts';

interface Source {
  key: string;
  fetch: () => Promise<unknown>;
}

interface MemberPage {
  pattern: string;
  load: () => Promise<unknown>;
  data: (params: Record<string, string | undefined>, search: URLSearchParams) => Source[];
}

const positiveId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const loadPostPage = () => import('../routes/community/post.tsx');

/** The same chunks as app/router.tsx's routes, and the first data each page asks for. */
const memberPages: MemberPage[] = [
  {
    pattern: paths.community.timeline,
    load: () => import('../routes/community/timeline.tsx'),
    data: (_, search) =>
      search.get(TOPIC_PARAM)
        ? []
        : [postListPage({ order: storedOrder('posts'), topicId: null, articleSlug: null }, null)],
  },
  {
    pattern: paths.community.post.pattern,
    load: loadPostPage,
    data: (params, search) => {
      const postId = positiveId(params.postId);
      if (postId === null) return [];
      const focusCommentId = positiveId(search.get(SHOW_COMMENT_PARAM));
      return [commentPageSource({ postId, order: storedOrder('comments'), cursor: null, focusCommentId })];
    },
  },
  {
    pattern: paths.community.members,
    load: () => import('../routes/community/members.tsx'),
    data: (_, search) => [
      membersPage(search.get(MEMBERS_ORDER_PARAM) === 'punten' ? 'points' : 'createdAt', null),
    ],
  },
  {
    pattern: paths.account.membership,
    load: () => import('../routes/account/membership.tsx'),
    data: () => [
      { key: SUBSCRIPTION_STATUS_KEY, fetch: fetchSubscriptionStatus },
      { key: MY_PAYMENTS_KEY, fetch: fetchMyPayments },
    ],
  },
];

const lastSignedIn = (): string | null => {
  try {
    return window.localStorage.getItem('kring.signedInAs');
  } catch {
    return null;
  }
};

/** Starts what the member page at `pathname` needs, when a member signed in here before. */
export function bootMember(pathname: string, search: string): void {
  // Post cards fetch the post page's code ahead (use-post-prefetch.ts).
  pageCode.post = loadPostPage;
  if (lastSignedIn() === null) return;
  let page: MemberPage | undefined;
  let params: Record<string, string | undefined> = {};
  for (const candidate of memberPages) {
    const match = matchPath(candidate.pattern, pathname);
    if (match) {
      page = candidate;
      params = match.params;
      break;
    }
  }
  void page?.load().catch(() => undefined);
  // The account loader, and the module auth.tsx watches the sign-in with (it asks after first paint).
  void import('../../lib/account-loader.tsx').catch(() => undefined);
  void import('../../lib/signed-in-owner.ts').catch(() => undefined);
  const sources = page?.data(params, new URLSearchParams(search)) ?? [];
  void import('../../lib/firebase.ts')
    .then(({ currentUid }) => currentUid())
    .then((uid) => {
      if (uid === null) return;
      // This member's answers of an earlier visit in this tab show at once; the server is asked anyway.
      restoreMemberCache(uid);
      preloadFor(uid, USER_KEY, fetchUserAccount);
      for (const source of sources) preloadFor(uid, source.key, source.fetch);
    })
    .catch(() => undefined);
}
