import type { FastifyInstance } from 'fastify';
import type { Country } from '@pp/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';
import { countryDialCodes } from './data.ts';

const zhNames = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
const enNames = new Intl.DisplayNames(['en-US'], { type: 'region' });
const countries: Country[] = countryDialCodes.map(([code, dialCode]) => ({
  code,
  dialCode,
  cn: zhNames.of(code) ?? code,
  en: enNames.of(code) ?? code,
}));

export function countryRoutes(app: FastifyInstance, services: Services): void {
  apiRoute(app, services.routeDeps, 'countryList', async () => countries);
}
