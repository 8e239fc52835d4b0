import 'reflect-metadata';
import { AppMetrics, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { createBff } from './app';
import { loadEnv } from './config/env';

runMain(async () => {
  const env = loadEnv();
  const app = await createBff(env);
  await app.listen(env.BFF_PORT, env.BFF_HOST);
  // Metrics on a listener of their own: never on the public port, so neither /api nor the edge serves them.
  if (env.BFF_METRICS_PORT > 0)
    await serveMetrics(app.get(AppMetrics), { port: env.BFF_METRICS_PORT, host: env.BFF_METRICS_HOST });
});
