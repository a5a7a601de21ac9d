/**
 * A returning member opening a member page (issue 26): the page's code, the account loader and the
 * Auth SDK start at once, in parallel, instead of one after the other (JavaScript, then the SDK after
 * first paint, then the account, then the page's code, then its data). As soon as the SDK has read
 * the stored sign-in, this member's answers of an earlier visit in this tab come back (member-cache.ts)
 * and the account and the page's first data are asked for with their token (lib/preload.ts: only that
 * user's hooks take them). Each page module says what it asks for first (its `preloadData`). Nothing
 * starts for a visitor: "returning" is the uid signed-in-owner.ts keeps for the last sign-in here.
 * Before the SDK's check (a round trip to Firebase) the user it stored is read directly: when it is
 * that same uid, their kept answers show at once (lib/stored-user.ts); the SDK's answer then decides.
 */
import { isMember, type Role } from '@kring/contract/roles';
import { matchPath } from 'react-router-dom';
import { loadAccountLoader as accountLoaderChunk, presumeUser } from '../../lib/auth.tsx';
import { loadNow } from '../../lib/lazy-loaded.tsx';
import { forgetMemberAnswers, restoreMemberCache } from '../../lib/member-cache.ts';
import { paths } from '../../lib/paths.ts';
import { type PreloadSource, pageCode, preloadFor, signedInStart } from '../../lib/preload.ts';
import { SIGNED_IN_KEY } from '../../lib/session-hint.ts';
import { presumable, takeStoredUser } from '../../lib/stored-user.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import {
  memberPages,
  loadPostPage as postChunk,
  loadTimeline as timelineChunk,
} from '../member-page-loaders.ts';

type Params = Record<string, string | undefined>;

/** A member page module: its component, and the first data it asks for. */
interface PageModule {
  preloadData?: (params: Params, search: URLSearchParams) => PreloadSource[];
}

// Through loadNow: app/router.tsx and lib/auth.tsx then render them without suspending.
const loadPostPage = () => loadNow(postChunk);
const loadTimeline = () => loadNow(timelineChunk);
const loadAccountLoader = () => loadNow(accountLoaderChunk);

const lastSignedIn = (): string | null => {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY);
  } catch {
    return null;
  }
};

/**
 * The Auth SDK's stored user, when it is the member last signed in here (signed-in-owner.ts): their
 * kept answers back into the cache, and the app shows them as signed in until the SDK's own answer.
 * True when it did.
 */
export async function presumeStoredUser(read = takeStoredUser): Promise<boolean> {
  const last = lastSignedIn();
  if (last === null) return false;
  const user = presumable(await read(), last);
  // Someone else signed in meanwhile (another tab) or out: the SDK's answer decides, as before.
  if (user === null || lastSignedIn() !== last) return false;
  // Only while the SDK has not answered: after its answer (another account, nobody) nothing of theirs.
  // The SDK answering someone else or nobody: none of their answers stay in the cache for the next one.
  if (!presumeUser(user, forgetMemberAnswers)) return false;
  restoreMemberCache(user.uid);
  // For the member-pages benchmark: when the kept answers were back.
  performance.mark('kring:member-presumed');
  return true;
}

/**
 * A sign-in accepted on the sign-in page: the account and the timeline's first data are asked for
 * now, with the new member's token, while the app moves on (the account decides where to; a member
 * lands on the timeline, whose code the sign-in page fetched ahead).
 */
export async function startAfterSignIn(uid: string): Promise<void> {
  const [account, timeline, role] = await Promise.all([loadAccountLoader(), loadTimeline(), tokenRole()]);
  account.startAccount(uid);
  // The timeline answers members only: for anyone else (registration unfinished, membership ended,
  // suspended) the server would refuse those calls. The new token's role claim is their current role.
  if (!isMember(role as Role)) return;
  for (const source of timeline.preloadData({}, new URLSearchParams()))
    preloadFor(uid, source.key, source.fetch);
}

/**
 * The role claim of the token just signed in with (the SDK is loaded by then); none when it cannot be
 * read, so the account still starts ahead (the timeline then waits for its own page).
 */
const tokenRole = async () => (await import('../../lib/firebase.ts')).tokenRole().catch(() => 0);

/** On the sign-in page: the code of what follows a sign-in, once the page itself is in. */
function prefetchAfterSignIn() {
  void whenIdle()
    .then(() => Promise.all([loadAccountLoader(), loadTimeline(), import('../../lib/signed-in-owner.ts')]))
    .catch(() => undefined);
}

/** Starts what the member page at `pathname` needs, when a member signed in here before. */
export async function bootMember(pathname: string, search: string): Promise<void> {
  // Post cards fetch the post page's code ahead (use-post-prefetch.ts).
  pageCode.post = loadPostPage;
  signedInStart.run = (uid) => void startAfterSignIn(uid).catch(() => undefined);
  if (pathname === paths.auth.signIn) prefetchAfterSignIn();
  if (lastSignedIn() === null) return;
  let params: Params = {};
  let page: Promise<PageModule> | undefined;
  for (const [pattern, load] of memberPages) {
    const match = matchPath(pattern, pathname);
    if (match) {
      params = match.params;
      page = loadNow<PageModule & { default: unknown }>(load);
      break;
    }
  }
  page?.catch(() => undefined);
  // The account loader, and the module auth.tsx watches the sign-in with.
  const account = loadAccountLoader();
  account.catch(() => undefined);
  // The kept answers once the account loader's and the page's code are in: the page then shows in one
  // pass (lib/lazy-loaded.tsx), not after suspending on them. Not on /auth/*: only the SDK's answer
  // decides whether this member is sent on from there.
  if (!pathname.startsWith('/auth/'))
    void Promise.allSettled([account, page]).then(() => presumeStoredUser());
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
