import type { FastifyInstance } from 'fastify';
import type { Country } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { countryDialCodes } from './data.ts';

const zhNames = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
const enNames = new Intl.DisplayNames(['en-US'], { type: 'region' });
const countries: Country[] = countryDialCodes.map(([code, dialCode]) => ({
  code,
  dialCode,
  cn: zhNames.of(code) ?? code,
  en: enNames.of(code) ?? code,
}));

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface CountryRoutesDeps {
  routeDeps: RouteDeps;
}

export function countryRoutes(app: FastifyInstance, services: CountryRoutesDeps): void {
  apiRoute(app, services.routeDeps, 'countryList', async () => countries);
}
