/** The back office's icons: the kit's shapes plus its own (see the kit's icon.tsx). */
import { createIcon, type BaseIconName } from '@pp/browser-kit';

const shapes = {
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  reviews: 'M9 5h10M9 12h10M9 19h10M4 5l1 1 2-2M4 12l1 1 2-2M4 19l1 1 2-2',
  members: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21c0-3.5 3-5.5 7-5.5s7 2 7 5.5M17 11a3 3 0 100-6M22 20c0-2.6-1.8-4.3-4.5-4.8',
  config: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  audit: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  staff: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3zM9 12l2 2 4-4',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  history: 'M3 12a9 9 0 103-6.7M3 4v4h4M12 7v5l3 2',
  plus: 'M12 5v14M5 12h14',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  payouts: 'M3 7h18v10H3zM3 11h18M7 15h3M17 4l3 3-3 3',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  packages: 'M12 3l8 4v10l-8 4-8-4V7l8-4zM4 7l8 4 8-4M12 11v10',
  // Content (decision 023): a page with lines of text.
  content: 'M5 3h14v18H5zM8 7h8M8 11h8M8 15h5',
  support: 'M4 5h16v11H9l-5 4V5zM8 10h8M8 13h5',
} as const;

export type IconName = keyof typeof shapes | BaseIconName;

export const Icon = createIcon(shapes);
