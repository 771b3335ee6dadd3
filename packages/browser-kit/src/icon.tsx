/**
 * Line icons on a 24px grid; always decorative (the text beside them names the action). The kit
 * holds the shapes both apps draw (and its own components use); each app adds its own with
 * createIcon, so neither app ships the other's.
 */
import type { ReactElement } from 'react';

export const baseShapes = {
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  chevron: 'M6 9l6 6 6-6',
  check: 'M5 12l5 5 9-10',
  close: 'M6 6l12 12M18 6L6 18',
  alert: 'M12 7v6M12 17h.01',
} as const;

export type BaseIconName = keyof typeof baseShapes;

export interface IconProps<N extends string> {
  name: N;
  size?: number;
}

function drawIcon(d: string, size: number): ReactElement {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** The kit's own icons (close, check, alert…). */
export function Icon({ name, size = 20 }: IconProps<BaseIconName>) {
  return drawIcon(baseShapes[name], size);
}

/** An Icon component that draws the kit's shapes and the app's own. */
export function createIcon<N extends string>(appShapes: Record<N, string>) {
  const shapes: Record<string, string> = { ...baseShapes, ...appShapes };
  return function AppIcon({ name, size = 20 }: IconProps<N | BaseIconName>) {
    return drawIcon(shapes[name]!, size);
  };
}
