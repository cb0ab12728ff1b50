import { avatarUrl } from '../api/identity';

export const DEFAULT_AVATAR_COLOR = '#000000';

interface AvatarProps {
  initials: string;
  color?: string | null | undefined;
  size?: number;
  /** Empty when the avatar sits inside a control that already has a name. */
  alt?: string;
}

/** The server draws the avatar (a coloured disc with initials) as an SVG image. */
export function Avatar({ initials, color, size = 32, alt = '' }: AvatarProps) {
  return (
    <img
      className="avatar"
      src={avatarUrl(color || DEFAULT_AVATAR_COLOR, initials)}
      alt={alt}
      width={size}
      height={size}
    />
  );
}
