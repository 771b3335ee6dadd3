import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { AuditService } from './service.ts';

/** The services this module's routes use, passed by the composition root (issue 32). */
export interface AuditRoutesDeps {
  routeDeps: RouteDeps;
  audit: AuditService;
}

export function auditRoutes(app: FastifyInstance, s: AuditRoutesDeps): void {
  apiRoute(app, s.routeDeps, 'auditList', async ({ body }) => s.audit.list(body));
}
