import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { BooksService } from './service.ts';

/** The services this module's routes use, passed in by the composition root. */
export interface BooksRoutesDeps {
  routeDeps: RouteDeps;
  books: BooksService;
}

export function booksRoutes(app: FastifyInstance, s: BooksRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'financeTrialBalance', async ({ body }) => s.books.trialBalance(body.from, body.to));
  apiRoute(app, s.routeDeps, 'financeJournal', async ({ body }) => s.books.journal(body.from, body.to));
}
