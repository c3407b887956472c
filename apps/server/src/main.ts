import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createServices } from './services.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const services = await createServices(config);
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
    console.log(`Till is running at ${config.publicUrl ?? `http://localhost:${info.port}`} on ${where}`);
  });
  services.realtime.attach(server as Server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing sockets, finishing in-flight requests, then closing the database`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting connections and calls back once in-flight requests are done;
    // sockets are told the server is going away (1001) so that their clients reconnect at once.
    server.close(async () => {
      await services.database.close();
      clearTimeout(force);
      process.exit(0);
    });
    void services.stop();
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('Till failed to start:', error);
  process.exit(1);
});
