/**
 * The signed-in header of a member with a profile (spec 2): bell, chat button and account menu.
 * Loaded on demand, so visitors never download the Realtime Database or the community code.
 */
import { css } from '@emotion/react';
import { isModerator } from '@kring/contract/roles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { iconShape } from '../../components/ui/button.tsx';
import { BellIcon, ChatIcon } from '../../components/ui/icons.tsx';
import { mq } from '../../components/ui/theme.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { ModerationCount, ModerationMenuLink } from '../../features/moderation/moderation-count.tsx';
import { HeaderSearch } from '../../features/search/search-box.tsx';
import { useAccount } from '../../lib/auth.tsx';
import { afterFirstContent } from './after-first-content.ts';

/**
 * A moderator's shield shows from a tablet's width on; on a phone the bar has no room for it beside
 * the search, the bell, the chat, the avatar and the menu button (at 375 px it ended at 391 px), so
 * it moves into the account menu there, with the same name and count.
 */
const fromMedium = css`
  display: none;
  ${mq.medium} {
    display: contents;
  }
`;

/** The bell and the chat (and the Realtime Database), after the page's first content. */
const HeaderLive = lazy(() => import('./header-live.tsx'));

/** Whether the page's first content is in (after-first-content.ts). */
function useAfterFirstContent() {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstContent().then(() => mounted && setAfter(true));
    return () => {
      mounted = false;
    };
  }, []);
  return after;
}

/**
 * Their place until then: the same two 44 px icons, so nothing moves, but without the controls' hover
 * background: they do nothing yet, so they must not look clickable.
 */
function LivePlaceholder() {
  return (
    <>
      <span css={iconShape} aria-hidden="true" data-testid="header-live-placeholder">
        <BellIcon />
      </span>
      <span css={iconShape} aria-hidden="true" data-testid="header-live-placeholder">
        <ChatIcon />
      </span>
    </>
  );
}

export default function SignedInHeader() {
  const moderator = isModerator(useAccount().data?.role);
  const live = useAfterFirstContent();

  return (
    <div
      data-testid="signed-in-header"
      css={css`
        display: flex;
        align-items: center;
        gap: 4px;
      `}
    >
      <HeaderSearch crowded={moderator} />
      {moderator ? (
        <span css={fromMedium}>
          <ModerationCount />
        </span>
      ) : null}
      {live ? (
        <Suspense fallback={<LivePlaceholder />}>
          <HeaderLive />
        </Suspense>
      ) : (
        <LivePlaceholder />
      )}
      <AccountMenu
        extraItem={
          moderator
            ? (itemCss, onClick) => <ModerationMenuLink itemCss={itemCss} onClick={onClick} />
            : undefined
        }
      />
    </div>
  );
}
