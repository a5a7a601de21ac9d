/** Inline icons (currentColor, decorative: the control around them carries the name). */
import type { ReactNode } from 'react';

function Icon({
  size = 24,
  children,
  viewBox = '0 0 24 24',
}: {
  size?: number;
  children: ReactNode;
  viewBox?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const MenuIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </Icon>
);

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

export const ArrowLeftIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
  </Icon>
);

export const SocialIcon = ({ type, size }: IconProps & { type: string }) => {
  switch (type) {
    case 'Twitter':
      return (
        <Icon size={size}>
          <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.73H5.58z" />
        </Icon>
      );
    case 'Facebook':
      return (
        <Icon size={size}>
          <path d="M14 8V6c0-.9.2-1.4 1.6-1.4H18V1.2A30 30 0 0 0 14.9 1C11.8 1 10 2.9 10 6.2V8H7v3.6h3V23h4V11.6h3.4L18 8z" />
        </Icon>
      );
    case 'Instagram':
      return (
        <Icon size={size}>
          <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM21.9 7.1c-.1-1.6-.5-3-1.6-4.1S17.8 1.5 16.2 1.4C14.6 1.3 9.4 1.3 7.8 1.4 6.2 1.5 4.8 1.9 3.7 3S2.2 5.5 2.1 7.1C2 8.7 2 13.9 2.1 15.5c.1 1.6.5 3 1.6 4.1s2.5 1.5 4.1 1.6c1.6.1 6.8.1 8.4 0 1.6-.1 3-.5 4.1-1.6s1.5-2.5 1.6-4.1c.1-1.6.1-6.8 0-8.4zm-2.1 10.2a3.3 3.3 0 0 1-1.9 1.9c-1.3.5-4.4.4-5.9.4s-4.6.1-5.9-.4a3.3 3.3 0 0 1-1.9-1.9c-.5-1.3-.4-4.4-.4-5.9s-.1-4.6.4-5.9a3.3 3.3 0 0 1 1.9-1.9C7.4 3.1 10.5 3.2 12 3.2s4.6-.1 5.9.4a3.3 3.3 0 0 1 1.9 1.9c.5 1.3.4 4.4.4 5.9s.1 4.6-.4 5.9z" />
        </Icon>
      );
    case 'LinkedIn':
      return (
        <Icon size={size}>
          <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zm7 0h3.8v1.6h.05a4.2 4.2 0 0 1 3.75-2c4 0 4.75 2.6 4.75 6V21h-4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z" />
        </Icon>
      );
    default:
      return (
        <Icon size={size}>
          <path d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4-8 5-8-5V6l8 5 8-5z" />
        </Icon>
      );
  }
};

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
