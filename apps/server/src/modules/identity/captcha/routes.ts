import type { FastifyInstance } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { CaptchaService } from './service.ts';

/** The services this module's routes use, passed by the composition root (issue 32). */
export interface CaptchaRoutesDeps {
  routeDeps: RouteDeps;
  captcha: CaptchaService;
}

export function captchaRoutes(app: FastifyInstance, services: CaptchaRoutesDeps): void {
  apiRoute(app, services.routeDeps, 'captchaImage', async () => services.captcha.create());
}
