import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../plugins/api-route.ts';
import type { Services } from '../../services.ts';

export function captchaRoutes(app: FastifyInstance, services: Services): void {
  apiRoute(app, services.routeDeps, 'captchaImage', async () => services.captcha.create());
}
