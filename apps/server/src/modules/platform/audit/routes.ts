import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AuditService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface AuditRoutesDeps {
  routeDeps: RouteDeps;
  audit: AuditService;
}

export function auditRoutes(app: FastifyInstance, s: AuditRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'auditList', async ({ body }) => s.audit.list(body));
}
