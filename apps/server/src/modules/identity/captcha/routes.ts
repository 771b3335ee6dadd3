import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { CaptchaService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface CaptchaRoutesDeps {
  routeDeps: RouteDeps;
  captcha: CaptchaService;
}

export function captchaRoutes(app: FastifyInstance, services: CaptchaRoutesDeps): void {
  apiRoute(app, services.routeDeps, 'captchaImage', async () => services.captcha.create());
}
