/** Starts the server: `npm start` (after the build) or `npm run serve`. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const { app } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/ (back-office at /admin/)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
