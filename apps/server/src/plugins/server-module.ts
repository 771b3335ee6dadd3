/**
 * A server module's entry as a Fastify plugin: `serverModule<Deps>({ name, register })`
 * gives the plugin a module's `index.ts` exports and `app.ts` (the composition root) registers with
 * exactly the services the module uses: `await app.register(accountsModule, { routeDeps, accounts, ... })`.
 * `register` adds the module's routes and its scheduled jobs (and any hook of its own).
 *
 * The plugin is wrapped with fastify-plugin, so it does not open a context of its own: its routes
 * sit at the root as if `app.ts` had declared them, under the same error handler, envelope and
 * hooks as before.
 *
 * `dependencies` (checked by Fastify when the module is registered) name only real ordering needs:
 * a plugin that must already be registered for this module's registration to work. Every module
 * depends on `errors` and `envelope` (its routes answer through the error handler and seal with
 * the envelope), so those two are added here. Using another module's service is no ordering need:
 * every service is constructed (services.ts) before any module is registered, so a module names
 * another module only when its own registration needs that one's to have happened first.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The plugins every module's routes need registered first (plugins/errors.ts, plugins/envelope.ts). */
export const transportPlugins = ['errors', 'envelope'] as const;

export interface ServerModuleSpec<Deps extends object> {
  /** The module's name, `<domain>/<module>` (its folder under modules/): what another module's `dependencies` name. */
  name: string;
  /** Plugins (by name) that must be registered before this one, besides `errors` and `envelope`. */
  dependencies?: string[];
  /** Adds the module's routes and jobs to `app` with the services it was given. */
  register(app: FastifyInstance, deps: Deps): Promise<void>;
}

export function serverModule<Deps extends object>(spec: ServerModuleSpec<Deps>): FastifyPluginAsync<Deps> {
  const plugin: FastifyPluginAsync<Deps> = async (app, deps) => spec.register(app, deps);
  return fp(plugin, {
    name: spec.name,
    fastify: '5.x',
    dependencies: [...transportPlugins, ...(spec.dependencies ?? [])],
  });
}
