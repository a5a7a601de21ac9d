import { isAdmin } from '@kring/contract/roles';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import type { UserAccount } from '../../../lib/account.ts';
import { adminMenuLabel, adminPaths } from '../../../lib/admin-paths.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { LINK_CLOSE_DELAY_MS } from '../../../lib/constants.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlMembers } from '../../../messages/community.ts';
import { nlMail } from '../../../messages/mail.ts';
import { nl } from '../../../messages/nl.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';
import * as s from './account-menu.styles.ts';

/** The top of the menu: avatar, name (or the address before there is a profile) and karma points. */
function Identity({ profile, name }: { profile: UserAccount['profile'] | undefined; name: string }) {
  return (
    <div css={s.identity}>
      <Avatar url={profile?.avatarUrl} name="" size={40} />
      <div>
        <div css={s.name}>{name}</div>
        {profile ? <div css={s.karma}>{karmaLabel(profile.karmaPoints)}</div> : null}
      </div>
    </div>
  );
}

/**
 * The account popover of the signed-in header: avatar, name, karma points and the three links (spec 2).
 * `extraItem` adds a link the bar has no room for on a phone (a moderator's queue), in the menu's style.
 */
export function AccountMenu({
  extraItem,
}: {
  extraItem?: (itemCss: typeof s.item, onClick: () => void) => ReactNode;
} = {}) {
  const { data: account } = useAccount();
  const signOut = useSignOut();
  const profile = account?.profile;
  const name = profile?.name ?? account?.email ?? '';

  return (
    <Popover label={nl.account.menuLabel} trigger={<Avatar url={profile?.avatarUrl} name="" />}>
      {(close) => {
        const closeSoon = () => setTimeout(() => close(), LINK_CLOSE_DELAY_MS);
        const item = (to: string, label: string) => (
          <li>
            <Link to={to} css={s.item} onClick={closeSoon}>
              {label}
            </Link>
          </li>
        );
        return (
          <div>
            <Identity profile={profile} name={name} />
            <ul css={s.items}>
              {item(paths.account.profile, nl.account.myProfile)}
              {profile ? item(paths.community.members, nlMembers.navLabel) : null}
              {item(paths.account.membership, nl.account.membership)}
              {profile ? item(paths.account.mail, nlMail.menuLabel) : null}
              {extraItem ? <li css={s.phoneOnly}>{extraItem(s.item, closeSoon)}</li> : null}
              {isAdmin(account?.role) ? item(adminPaths.overview, adminMenuLabel) : null}
              <li>
                <button
                  type="button"
                  css={s.item}
                  onClick={() => {
                    close();
                    void signOut();
                  }}
                >
                  {nl.account.signOut}
                </button>
              </li>
            </ul>
          </div>
        );
      }}
    </Popover>
  );
}
