/**
 * A visitor's mobile menu (spec 2) before the app runs (issue 27, docs/architecture.md "Islands for
 * visitors"). The server renders the app's own menu, as a visitor sees it, into a <template>
 * (app/server/visitor-menu.tsx); the first tap on 'Menu openen' shows a copy of it at once: no
 * script is fetched. It behaves as the app's menu does: slides in over 300 ms and out over 350 ms,
 * focus on the close button, Tab kept inside, Escape and the close button close it and give the
 * focus back, a link closes it after 20 ms, the page does not scroll. Links are plain links.
 */
import { trapTab } from '../components/ui/focus-trap.ts';
import { LINK_CLOSE_DELAY_MS, MENU_IN_MS, MENU_OUT_MS } from '../lib/constants.ts';

export const MENU_TEMPLATE_ID = 'kring-menu';
/** The header's menu button carries it (app/layout/header.tsx). */
export const MENU_BUTTON_ATTRIBUTE = 'data-menu-button';
const PANEL_ID = 'kring-menu-panel';

/** Slid in (`shown`) or out, with the app's transitions (components/ui/slide-panel.styles.ts). */
function slide(panel: HTMLElement, shown: boolean) {
  panel.style.transition = shown
    ? `transform ${MENU_IN_MS}ms ease-out`
    : `transform ${MENU_OUT_MS}ms ease-in`;
  panel.style.transform = shown ? 'translateX(0)' : 'translateX(100%)';
  panel.dataset.state = shown ? 'open' : 'closed';
}

/**
 * The app is about to hydrate the header: the island stops opening its menu and gives the button
 * back as the server sent it. When its menu is open, it stays up while the app hydrates (the tap is
 * not lost) and the hand-over returns `closeNow`, which removes it at once (true when it was still
 * open, i.e. the visitor has not closed it meanwhile) for the app's own menu to take its place.
 */
export type MenuHandOver = () => (() => boolean) | undefined;

/** Wires the menu button to the template's menu; returns the hand-over. */
export function menuIsland(template: HTMLTemplateElement, button: HTMLButtonElement): MenuHandOver {
  let open: { holder: HTMLElement; panel: HTMLElement; overflow: string } | undefined;

  const onKey = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else trapTab(event, open.panel);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    // A visitor's menu has one button, 'Menu sluiten'.
    if (target?.closest('button')) close();
    else if (target?.closest('a[href]')) setTimeout(close, LINK_CLOSE_DELAY_MS);
  };

  function close(instant = false) {
    if (!open) return;
    const { holder, panel, overflow } = open;
    open = undefined;
    document.removeEventListener('keydown', onKey);
    document.body.style.overflow = overflow;
    button.setAttribute('aria-expanded', 'false');
    button.removeAttribute('aria-controls');
    if (instant) holder.remove();
    else {
      slide(panel, false);
      setTimeout(() => holder.remove(), MENU_OUT_MS);
      button.focus();
    }
  }

  function show() {
    if (open) return;
    const holder = document.createElement('div');
    holder.append(template.content.cloneNode(true));
    const panel = holder.querySelector<HTMLElement>('[role="dialog"]');
    if (!panel) return;
    panel.id = PANEL_ID;
    document.body.append(holder);
    open = { holder, panel, overflow: document.body.style.overflow };
    document.body.style.overflow = 'hidden';
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('aria-controls', PANEL_ID);
    document.addEventListener('keydown', onKey);
    holder.addEventListener('click', onClick);
    panel.querySelector('button')?.focus();
    // Two frames: the panel is painted off-screen once, then slides in.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (open?.panel === panel) slide(panel, true);
      }),
    );
  }

  button.addEventListener('click', show);
  return () => {
    button.removeEventListener('click', show);
    button.setAttribute('aria-expanded', 'false');
    button.removeAttribute('aria-controls');
    if (!open) return undefined;
    return () => {
      const wasOpen = open !== undefined;
      close(true);
      return wasOpen;
    };
  };
}
