/** The countries module's entry: what registration uses. */
import { serverModule } from '../../../plugins/server-module.ts';
import { countryRoutes, type CountryRoutesDeps } from './routes.ts';

export { isKnownCountry } from './data.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const countriesModule = serverModule<CountryRoutesDeps>({
  name: 'platform/countries',
  register: async (app, deps) => {
    countryRoutes(app, deps);
  },
});
