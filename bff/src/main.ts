import 'reflect-metadata';
import { runMain } from '@coffee-guide/nest-common';
import { createBff } from './app';
import { loadEnv } from './config/env';

runMain(async () => {
  const env = loadEnv();
  const app = await createBff(env);
  await app.listen(env.BFF_PORT, '0.0.0.0');
});
