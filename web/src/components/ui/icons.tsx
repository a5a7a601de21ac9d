/** Inline icons of the lazily loaded parts (the base and the menu icon are in icon.tsx). */
import { Icon, type IconProps } from './icon.tsx';

export const CloseIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M18.3 5.71 12 12l6.3 6.29-1.41 1.42L10.59 13.4 4.3 19.71 2.89 18.3 9.17 12 2.89 5.71 4.3 4.29l6.29 6.3 6.3-6.3z" />
  </Icon>
);

export const BellIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
  </Icon>
);

export const ChatIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2zm2 5v2h12V8zm0 4v2h8v-2z" />
  </Icon>
);

export const ErrorIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z" />
  </Icon>
);

export const UserIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z" />
  </Icon>
);

export const KeyIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M7 14a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm5.65-4A6 6 0 1 0 12.65 14H16v4h4v-4h2v-4z" />
  </Icon>
);

export const CardIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 14H4v-6h16zm0-10H4V6h16z" />
  </Icon>
);

export const BadgeIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M20 7h-5V4a2 2 0 0 0-2-2h-2a2 2 0 0 0-2 2v3H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2zM9 12a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 8H5v-1c0-1.3 2.7-2 4-2s4 .7 4 2zm0-11h-2V4h2zm6 9h-4v-2h4zm0-3h-4v-2h4z" />
  </Icon>
);
