import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { serverModule } from './server-module.ts';

/** Stand-ins for plugins/errors.ts and plugins/envelope.ts: only their names matter here. */
const transport = [fp(async () => {}, { name: 'errors' }), fp(async () => {}, { name: 'envelope' })];

const greeter = serverModule<{ greeting: string }>({
  name: 'test/greeter',
  register: async (app, deps) => {
    app.get('/greeting', async () => ({ text: deps.greeting }));
    app.addHook('onSend', async (_request, reply) => void reply.header('x-greeter-hook', 'yes'));
  },
});

describe('serverModule', () => {
  it('registers its routes at the root with the deps it was given', async () => {
    const app = Fastify();
    for (const plugin of transport) await app.register(plugin);
    await app.register(greeter, { greeting: 'hello' });
    app.get('/other', async () => ({ text: 'other' }));
    const answer = await app.inject({ method: 'GET', url: '/greeting' });
    expect(answer.json()).toEqual({ text: 'hello' });
    // No context of its own: a hook the module adds is the root's, so it reaches the app's other routes.
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.headers['x-greeter-hook']).toBe('yes');
    expect(app.hasPlugin('test/greeter')).toBe(true);
    await app.close();
  });

  it('refuses to register before the errors and envelope plugins', async () => {
    const app = Fastify();
    await expect(app.register(greeter, { greeting: 'hello' })).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    await app.close();
  });

  it('refuses to register before a module it declares as a dependency', async () => {
    const after = serverModule<object>({ name: 'test/after', dependencies: ['test/greeter'], register: async () => {} });
    const app = Fastify();
    for (const plugin of transport) await app.register(plugin);
    await expect(app.register(after, {})).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    await app.close();

    const ordered = Fastify();
    for (const plugin of transport) await ordered.register(plugin);
    await ordered.register(greeter, { greeting: 'hello' });
    await ordered.register(after, {});
    expect(ordered.hasPlugin('test/after')).toBe(true);
    await ordered.close();
  });
});
