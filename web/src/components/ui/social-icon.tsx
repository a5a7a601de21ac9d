/** Icons of the social links in the footer and the mobile menu. */
import { Icon, type IconProps } from './icon.tsx';

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
