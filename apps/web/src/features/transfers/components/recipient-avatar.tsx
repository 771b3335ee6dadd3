import type { CSSProperties } from 'react';

/** The drawn avatar of a member (decision 093): the name's first letter on the member's own colour. */
export function RecipientAvatar({ avatar, size = 'md' }: { avatar: { initial: string; hue: number }; size?: 'sm' | 'md' }) {
  return (
    <span className={`recipient-avatar recipient-avatar-${size}`} style={{ '--avatar-hue': avatar.hue } as CSSProperties} aria-hidden="true">
      {avatar.initial}
    </span>
  );
}
