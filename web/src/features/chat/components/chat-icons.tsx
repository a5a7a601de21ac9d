/** The chat's own icons (decorative; the buttons carry the names). */
import { Icon, type IconProps } from '../../../components/ui/icon.tsx';

export const BackIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
  </Icon>
);

export const SendIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M2.01 21 23 12 2.01 3 2 10l15 2-15 2z" />
  </Icon>
);
