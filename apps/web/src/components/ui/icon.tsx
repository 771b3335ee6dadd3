/** The portal's icons: the kit's shapes plus its own (see the kit's icon.tsx). */
import { createIcon, type BaseIconName } from '@pp/browser-kit';

const shapes = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  package: 'M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  withdraw: 'M12 21V9M7 14l5-5 5 5M4 4h16',
  records: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 3.6-6 8-6s8 2 8 6',
  invite: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21c0-3.5 3-5.5 7-5.5s7 2 7 5.5M17 8v6M14 11h6',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zM10 21h4',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12a7 7 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 00-2-1.2L14 3h-4l-.5 2.6a7 7 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 000 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 002 1.2L10 21h4l.5-2.6a7 7 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  support: 'M4 5h16v11H9l-5 4V5zM8 10h8M8 13h5',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  transfer: 'M4 8h14l-4-4M20 16H6l4 4',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H3V7zM3 7V5a2 2 0 012-2h11v4M16 13h2',
  exchange: 'M7 4L3 8l4 4M3 8h13M17 12l4 4-4 4M21 16H8',
  game: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5',
  claim: 'M7 3h7l5 5v13H7V3zM14 3v5h5M10 13h6M10 17h4M4 7v14h2',
  trophy: 'M8 4h8v6a4 4 0 01-8 0V4zM8 6H4v1a4 4 0 004 4M16 6h4v1a4 4 0 01-4 4M12 14v4M8 21h8M9 18h6',
  help: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9a2.5 2.5 0 115 0c0 1.7-2.5 2-2.5 4M12 17h.01',
  book: 'M4 4h6a2 2 0 012 2v15a2 2 0 00-2-2H4V4zM20 4h-6a2 2 0 00-2 2v15a2 2 0 012-2h6V4z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2',
} as const;

export type IconName = keyof typeof shapes | BaseIconName;

export const Icon = createIcon(shapes);
