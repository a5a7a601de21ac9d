import type { MemberListItem } from '@kring/contract';

/** The name to show: the membership's name, else (staff without a membership) community name or e-mail. */
export const memberName = (
  m: Pick<MemberListItem, 'firstName' | 'lastName' | 'profileName' | 'email' | 'uid'>,
) => `${m.firstName} ${m.lastName}`.trim() || m.profileName || m.email || m.uid;
