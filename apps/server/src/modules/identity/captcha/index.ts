/** The image captcha module's entry: what other modules and the composition root use. */
import { serverModule } from '../../../plugins/server-module.ts';
import { captchaRoutes, type CaptchaRoutesDeps } from './routes.ts';

export { CaptchaService } from './service.ts';

/** The module's plugin: its routes, registered by app.ts with the services they use. */
export const captchaModule = serverModule<CaptchaRoutesDeps>({
  name: 'identity/captcha',
  register: async (app, deps) => {
    captchaRoutes(app, deps);
  },
});
