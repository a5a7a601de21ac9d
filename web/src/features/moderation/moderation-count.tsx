import type { SerializedStyles } from '@emotion/react';
import { Link } from 'react-router-dom';
import { CountBubble } from '../../components/ui/badge.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { IconLink } from '../../components/ui/icon-link.tsx';
import { paths } from '../../lib/paths.ts';
import { nlModeration } from '../../messages/moderation.ts';
import { useOpenReportsCount } from './api/count-open-reports.ts';

/** A shield: the moderation queue. */
const ShieldIcon = () => (
  <Icon>
    <path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5zm-1 14-4-4 1.4-1.4L11 13.2l4.6-4.6L17 10z" />
  </Icon>
);

/**
 * A moderator's header link to the queue, next to the bell and the chat: a shield with the number of
 * items that have open reports (refreshed every minute and after every action in the queue).
 */
export function ModerationCount() {
  const { data } = useOpenReportsCount();
  const count = data?.count ?? 0;
  return (
    <IconLink
      to={paths.community.moderation}
      label={nlModeration.headerLink(count)}
      data-testid="moderation-count"
    >
      <ShieldIcon />
      <CountBubble count={count} />
    </IconLink>
  );
}

/**
 * The same link as an item of the account menu, for phones: there the bar has no room for the shield
 * beside the search, the bell, the chat, the avatar and the menu button (docs/community-ui.md).
 */
export function ModerationMenuLink({ itemCss, onClick }: { itemCss: SerializedStyles; onClick: () => void }) {
  const { data } = useOpenReportsCount();
  return (
    <Link to={paths.community.moderation} css={itemCss} onClick={onClick}>
      {nlModeration.headerLink(data?.count ?? 0)}
    </Link>
  );
}
