/**
 * The first script of every page (issue 27, docs/architecture.md "Islands for visitors"). Every
 * page arrives rendered from the `site` function. The single-page app (main.tsx) starts at once on
 * member pages, for a browser that may have a session (lib/session-hint.ts), on a site with
 * analytics until the visitor has answered its cookie notice (lib/consent-choice.ts), on /afmelden and when the server sent the bare shell. A visitor's
 * public page stays the server's HTML: its links are plain links, and the app starts only when it
 * is needed, then hydrates the same HTML as before:
 * - a button of the page is about to be used (pointer over it, focus, touch): the topic filter,
 *   'Cookies' (the mobile menu is an island of its own: menu-island.ts). A click that comes before the app is there is replayed once it is;
 * - a part that only the app fills in comes near the screen (lib/app-part.ts: the article's
 *   community part, the community page's prices);
 * - a link to a member page is about to be followed: the app's code is fetched for the next page;
 * - the auth SDK's own storage holds a signed-in user although the hint is missing (stored-sign-in.ts).
 * Plain script, no framework: this is all a visitor's phone runs.
 */
import { APP_PART_ATTRIBUTE } from '../lib/app-part.ts';
import { config } from '../lib/config.ts';
import { analyticsChoiceMade } from '../lib/consent-choice.ts';
import { measurementId } from '../lib/env.ts';
import {
  isPublicPath,
  mayHaveSession,
  noteStoredSignIn,
  onSessionElsewhere,
  SESSION_CLASS,
} from '../lib/session-hint.ts';
import { hasStoredSignIn } from '../lib/stored-sign-in.ts';
import { MENU_BUTTON_ATTRIBUTE, MENU_TEMPLATE_ID, type MenuHandOver, menuIsland } from './menu-island.ts';

const loadApp = () => import('./main.tsx');
let started: Promise<void> | undefined;
/**
 * Gives the menu button back to the app just before it hydrates (menu-island.ts); from then on the
 * button is one of the page's buttons whose early click is replayed (islandButtons).
 */
let handOverMenu: MenuHandOver | undefined;
const startApp = () => {
  started ??= loadApp().then((app) => {
    const closeIsland = handOverMenu?.();
    handOverMenu = undefined;
    app.startApp();
    if (closeIsland) void reopenInApp(closeIsland);
  });
  return started;
};

/** The visitor's menu was open when the app started: once it has the button, its own menu opens instead. */
async function reopenInApp(closeIsland: () => boolean) {
  const button = document.querySelector(`#root [${MENU_BUTTON_ATTRIBUTE}]`);
  if (!(button instanceof HTMLButtonElement) || !(await whenHydrated(button))) {
    closeIsland();
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (closeIsland()) replayClick(() => (hydrated(button) ? button : null), Date.now() + 5000);
}

/** Whether this page needs the app from the start, rather than on demand. */
export function needsAppAtOnce(pathname: string, doc: Document): boolean {
  return (
    !isPublicPath(pathname) ||
    pathname === '/afmelden' ||
    mayHaveSession() ||
    (measurementId !== undefined && !analyticsChoiceMade()) ||
    doc.getElementById('kring-content') === null
  );
}

/** React's own mark on an element it has hydrated (the props it attached). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** Resolves once React has hydrated `element` (false after `ms`). */
function whenHydrated(element: Element, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (hydrated(element)) resolve(true);
      else if (!element.isConnected || Date.now() > until) resolve(false);
      else setTimeout(check, 16);
    };
    check();
  });
}

/** A button of the page that needs the app (the menu button has its island while there is one). */
const buttonIn = (root: Element, target: EventTarget | null) => {
  const button = target instanceof Element ? target.closest('button') : null;
  const island = handOverMenu !== undefined && button?.hasAttribute(MENU_BUTTON_ATTRIBUTE);
  return button && root.contains(button) && !island ? button : null;
};

/**
 * Clicks the button found by `find` for the visitor. React marks a button during its hydration
 * render but handles its events only once that render is committed, which on a busy phone can come
 * later: a click in between is dropped. A handled click changes the page before the next task (React
 * flushes a click's update in a microtask), so when nothing changed, the click is repeated shortly.
 */
function replayClick(find: () => HTMLButtonElement | null, until: number) {
  const button = find();
  if (!button) return;
  let changed = false;
  const watch = new MutationObserver(() => {
    changed = true;
  });
  watch.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  button.click();
  setTimeout(() => {
    const handled = changed || watch.takeRecords().length > 0;
    watch.disconnect();
    if (!handled && Date.now() < until) setTimeout(() => replayClick(find, until), 50);
  }, 0);
}

/** Buttons: start the app on intent; a click before it is there waits and is replayed. */
function islandButtons(root: Element) {
  const warm = (event: Event) => {
    if (buttonIn(root, event.target)) void startApp();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, warm, { passive: true, capture: true });
  document.addEventListener(
    'click',
    (event) => {
      const button = buttonIn(root, event.target);
      if (!button || hydrated(button)) return;
      event.preventDefault();
      event.stopPropagation();
      // Where the button is, in case React replaces it rather than adopting it (a part it renders anew).
      const index = [...root.querySelectorAll('button')].indexOf(button);
      const text = button.textContent;
      const find = () => {
        const now = button.isConnected ? button : root.querySelectorAll('button')[index];
        return now && now.textContent === text && hydrated(now) ? now : null;
      };
      void startApp()
        .then(() => whenHydrated(button))
        .then(() => new Promise((resolve) => setTimeout(resolve, 50)))
        .then(() => replayClick(find, Date.now() + 5000));
    },
    { capture: true },
  );
}

/** Links to member pages: fetch the app's code on intent, so the next page starts at once. */
function prefetchMemberLinks() {
  const warm = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    if (!isPublicPath(link.pathname)) void loadApp();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, warm, { passive: true, capture: true });
}

/** Parts only the app fills in: start it when one comes within a screen of being seen. */
function appParts() {
  const parts = document.querySelectorAll(`[${APP_PART_ATTRIBUTE}]`);
  if (parts.length === 0) return;
  if (typeof IntersectionObserver === 'undefined') {
    void startApp();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void startApp();
    },
    { rootMargin: '0px 0px 50% 0px' },
  );
  for (const part of parts) observer.observe(part);
}

/**
 * Someone signs in in another tab: the app starts here too, so the header shows them without a
 * reload, as it did when every page ran the auth SDK (Firebase tells every tab).
 */
function followSignInElsewhere() {
  const stop = onSessionElsewhere(() => {
    stop();
    document.documentElement.classList.add(SESSION_CLASS);
    void startApp();
  });
}

/**
 * A member whose browser lacks the hint (signed in before it existed, storage cleared in part): the
 * SDK's own storage still holds them. Read without the SDK; when found, the app starts and shows them.
 */
function followStoredSignIn() {
  void hasStoredSignIn(config.firebase.apiKey).then((found) => {
    if (!found) return;
    noteStoredSignIn();
    document.documentElement.classList.add(SESSION_CLASS);
    void startApp();
  });
}

export function boot() {
  if (mayHaveSession()) document.documentElement.classList.add(SESSION_CLASS);
  const root = document.getElementById('root');
  if (!root || needsAppAtOnce(location.pathname, document)) {
    void startApp();
    return;
  }
  const template = document.getElementById(MENU_TEMPLATE_ID);
  const menuButton = root.querySelector(`[${MENU_BUTTON_ATTRIBUTE}]`);
  if (template instanceof HTMLTemplateElement && menuButton instanceof HTMLButtonElement)
    handOverMenu = menuIsland(template, menuButton);
  islandButtons(root);
  prefetchMemberLinks();
  followSignInElsewhere();
  followStoredSignIn();
  appParts();
}

boot();
