import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { useAccount } from '../../../lib/auth.tsx';
import { LINK_CLOSE_DELAY_MS } from '../../../lib/constants.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlMembers } from '../../../messages/community.ts';
import { nlMail } from '../../../messages/mail.ts';
import { nl } from '../../../messages/nl.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

const itemStyle = css`
  display: block;
  width: 100%;
  padding: 12px 16px;
  border: 0;
  background: none;
  color: ${colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${colors.surface};
  }
`;

/** The account popover of the signed-in header: avatar, name, karma points and the three links (spec 2). */
export function AccountMenu() {
  const { data: account } = useAccount();
  const signOut = useSignOut();
  const profile = account?.profile;
  const name = profile?.name ?? account?.email ?? '';

  return (
    <Popover label={nl.account.menuLabel} trigger={<Avatar url={profile?.avatarUrl} name="" />}>
      {(close) => {
        const closeSoon = () => setTimeout(() => close(), LINK_CLOSE_DELAY_MS);
        return (
          <div>
            <div
              css={css`
                display: flex;
                align-items: center;
                gap: 12px;
                padding: 16px;
                border-bottom: 1px solid ${colors.border};
              `}
            >
              <Avatar url={profile?.avatarUrl} name="" size={40} />
              <div>
                <div
                  css={css`
                    font-weight: 700;
                  `}
                >
                  {name}
                </div>
                {profile ? (
                  <div
                    css={css`
                      font-size: ${fontSize.xs};
                      font-weight: 700;
                      letter-spacing: 0.05em;
                      color: ${colors.muted};
                    `}
                  >
                    {karmaLabel(profile.karmaPoints)}
                  </div>
                ) : null}
              </div>
            </div>
            <ul
              css={css`
                list-style: none;
                margin: 0;
                padding: 4px 0;
              `}
            >
              <li>
                <Link to={paths.account.profile} css={itemStyle} onClick={closeSoon}>
                  {nl.account.myProfile}
                </Link>
              </li>
              {profile ? (
                <li>
                  <Link to={paths.community.members} css={itemStyle} onClick={closeSoon}>
                    {nlMembers.navLabel}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={paths.account.membership} css={itemStyle} onClick={closeSoon}>
                  {nl.account.membership}
                </Link>
              </li>
              {profile ? (
                <li>
                  <Link to={paths.account.mail} css={itemStyle} onClick={closeSoon}>
                    {nlMail.menuLabel}
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  css={itemStyle}
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
