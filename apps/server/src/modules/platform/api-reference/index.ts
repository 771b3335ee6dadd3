/**
 * The API reference: the OpenAPI document generated from the contract, rendered by Redoc. Staff
 * read it in the back-office; anyone reads it at /api-reference/ once staff publish it.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import { apiReferenceRoutes, type ApiReferenceRoutesDeps } from './routes.ts';

export { referencePath } from './routes.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const apiReferenceModule = serverModule<ApiReferenceRoutesDeps>({
  name: 'platform/api-reference',
  register: async (app, deps) => {
    apiReferenceRoutes(app, deps);
  },
});
