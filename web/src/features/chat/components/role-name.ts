import { css } from '@emotion/react';
import type { Role } from '@kring/contract/roles';
import { colors } from '../../../components/ui/theme.ts';

/**
 * Spec 2: a name's colour depends on the role. The badge colours (colors.admin, colors.moderator) are too light for
 * text on white (3.0:1 and 1.9:1), so names take a darker shade of the same hue (6.5:1 and 5.3:1);
 * a member's name keeps the link colour.
 */
// Keyed by Role.Moderator (2) and Role.Admin (3); a key that is no role is a type error.
const nameColours: Partial<Record<Role, string>> = { 2: colors.moderatorName, 3: colors.adminName };

export const roleNameStyle = (role: Role) => css`
  color: ${nameColours[role] ?? colors.primary};
  font-weight: 700;
`;
