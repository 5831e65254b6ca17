import { loadConfig } from './config.js';
import { createBackend } from './backend.js';
import { createServer } from './server.js';
import { describeStartupFailure } from './startup-error.js';

/**
 * `npm start`: one port for the API and the web app. Any start-up failure (configuration,
 * DATA_DIR, secret file, store, port) is one line on stderr naming the cause and the path, and
 * exit code 1.
 */
const main = async () => {
  const config = loadConfig();
  const backend = await createBackend(config);
  const server = createServer(backend).listen(config.port);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve).once('error', reject);
  }).catch(async (error: unknown) => {
    await backend.close().catch(() => undefined);
    throw error;
  });
  backend.projections.start();
  backend.logger.info(
    { port: config.port, store: backend.store.kind },
    `Stickwork is running at http://localhost:${config.port}`,
  );
  const shutdown = () => {
    server.close(() => void backend.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

main().catch((error: unknown) => {
  console.error(describeStartupFailure(error));
  process.exit(1);
});
