/** The books module's entry: trial balance and journal export for the accountant (decision 090). */
import { serverModule } from '../../../plugins/server-module.ts';
import { booksRoutes, type BooksRoutesDeps } from './routes.ts';

export { BooksService } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const booksModule = serverModule<BooksRoutesDeps>({
  name: 'finance/books',
  register: async (app, deps) => {
    booksRoutes(app, deps);
  },
});
