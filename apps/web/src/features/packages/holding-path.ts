import { paths } from '../../lib/paths';

/** The details page of one holding: /package/<id>. */
export const holdingPath = (holdingId: string): string => `${paths.package}/${encodeURIComponent(holdingId)}`;
