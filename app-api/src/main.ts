import { ConfigError, loadConfig } from './config.js';
import { createBackend } from './backend.js';
import { createServer } from './server.js';

/** `npm start`: one port for the API and the web app. */
const main = async () => {
  const config = loadConfig();
  const backend = await createBackend(config);
  backend.projections.start();
  const server = createServer(backend).listen(config.port, () => {
    backend.logger.info(
      { port: config.port, store: backend.store.kind },
      `Stickwork is running at http://localhost:${config.port}`,
    );
  });
  const shutdown = () => {
    server.close(() => void backend.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
