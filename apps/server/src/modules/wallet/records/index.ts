/** The transaction records module's entry: what other modules and the composition root use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { recordRoutes, type RecordRoutesDeps } from './routes.ts';

export { RecordService, recordsKeyset } from './service.ts';
export { recordStatement, monthBounds } from './statement.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const recordsModule = serverModule<RecordRoutesDeps>({
  name: 'wallet/records',
  register: async (app, deps) => {
    recordRoutes(app, deps);
  },
});
