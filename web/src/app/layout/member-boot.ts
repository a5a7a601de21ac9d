/**
 * A returning member opening a member page (issue 26): the page's code, the account loader and the
 * Auth SDK start at once, in parallel, instead of one after the other (JavaScript, then the SDK after
 * first paint, then the account, then the page's code, then its data). As soon as the SDK has read
 * the stored sign-in, this member's answers of an earlier visit in this tab come back (member-cache.ts)
 * and the account and the page's first data are asked for with their token (lib/preload.ts: only that
 * user's hooks take them). Each page module says what it asks for first (its `preloadData`). Nothing
 * starts for a visitor: "returning" is the uid signed-in-owner.ts keeps for the last sign-in here.
 */
import { matchPath } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { type PreloadSource, pageCode, preloadFor } from '../../lib/preload.ts';
import { SIGNED_IN_KEY } from '../../lib/session-hint.ts';

type Params = Record<string, string | undefined>;

/** A member page module: its component, and the first data it asks for. */
interface PageModule {
  preloadData?: (params: Params, search: URLSearchParams) => PreloadSource[];
}

const loadPostPage = () => import('../routes/community/post.tsx');

/** The same chunks as app/router.tsx's routes. */
const memberPages: [string, () => Promise<PageModule>][] = [
  [paths.community.timeline, () => import('../routes/community/timeline.tsx')],
  [paths.community.post.pattern, loadPostPage],
  [paths.community.members, () => import('../routes/community/members.tsx')],
  [paths.account.membership, () => import('../routes/account/membership.tsx')],
];

const lastSignedIn = (): string | null => {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY);
  } catch {
    return null;
  }
};

/** Starts what the member page at `pathname` needs, when a member signed in here before. */
export async function bootMember(pathname: string, search: string): Promise<void> {
  // Post cards fetch the post page's code ahead (use-post-prefetch.ts).
  pageCode.post = loadPostPage;
  if (lastSignedIn() === null) return;
  let params: Params = {};
  let page: Promise<PageModule> | undefined;
  for (const [pattern, load] of memberPages) {
    const match = matchPath(pattern, pathname);
    if (match) {
      params = match.params;
      page = load();
      break;
    }
  }
  page?.catch(() => undefined);
  // The account loader, and the module auth.tsx watches the sign-in with (it asks after first paint).
  const account = import('../../lib/account-loader.tsx');
  account.catch(() => undefined);
  void import('../../lib/signed-in-owner.ts').catch(() => undefined);
  const { currentUid } = await import('../../lib/firebase.ts');
  const uid = await currentUid();
  // For the member-pages benchmark: when the SDK knew who is signed in.
  performance.mark('kring:signed-in-known');
  if (uid === null) return;
  (await account).startAccount(uid);
  const sources = (await page)?.preloadData?.(params, new URLSearchParams(search)) ?? [];
  for (const source of sources) preloadFor(uid, source.key, source.fetch);
}
