import { buildApp } from './app';
import { openDatabase, type Database } from './db/connect';
import { checkDeployment } from './deployment';
import { readEnv } from './env';

/** Starts every service in one process (or those in SERVICES) and stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = readEnv();
  const warnings = checkDeployment(env);
  const db: Database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  let app;
  try {
    app = await buildApp({
      db,
      configDir: env.configDir,
      staticDir: env.staticDir,
      accessTokenTtl: env.ACCESS_TOKEN_TTL,
      refreshTokenTtl: env.REFRESH_TOKEN_TTL,
      clients: [{ id: env.OAUTH2_CLIENT_ID, secret: env.OAUTH2_CLIENT_SECRET }],
      seed: env.SEED,
      logger: { level: env.LOG_LEVEL },
      runtime: { appName: env.APP_NAME, defaultTenant: env.DEFAULT_TENANT, monitoringDsn: env.MONITORING_DSN },
      services: env.services,
      jobs: env.JOBS === 'on' ? { pollMs: env.JOBS_POLL_SECONDS * 1000 } : undefined,
      dataDir: env.dataDir,
      storageMaxBytes: env.STORAGE_MAX_BYTES,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      trustProxy: env.trustProxy,
      hstsMaxAge: env.HSTS_MAX_AGE,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    });
  } catch (error) {
    await db.close();
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal while draining means "now": PGlite may then need recovery on the next start.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a connection still open after the grace period is cut.
    const grace = setTimeout(() => {
      app.log.warn('closing connections still open after 10 s');
      app.server.closeAllConnections();
    }, 10_000);
    grace.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    await app.close();
    await db.close();
    throw error;
  }
  for (const warning of warnings) app.log.warn(warning);
  app.log.info({ database: db.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL' }, 'ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
