import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
try {
  const app = await buildApp({ logger: true });
  await app.listen({ port: config.port, host: config.host });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(`Joinery could not start: ${(error as Error).message}`);
  process.exit(1);
}
