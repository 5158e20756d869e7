import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { resources } from '../resources/index';
import { SERVICES, type ResourceDefinition } from '../resources/schema';
import type { Database } from './db/connect';
import { migrate } from './db/migrate';
import { JobRunner, productJobs } from './jobs/index';
import { crudRoutes } from './http/crud';
import { installErrorHandling } from './http/errors';
import { healthRoutes } from './http/ops';
import { originOf } from './http/security-headers';
import { installRateLimit, DEFAULT_RATE_LIMIT_PER_MINUTE } from './http/rate-limit';
import { installHttpHardening, serverOptions } from './http/server-options';
import type { TrustProxy } from './http/trust-proxy';
import { spaRoutes } from './http/spa';
import { registerOpenApi } from './openapi/index';
import { seedDemo } from './seed/index';
import { configService, dictionaryService } from './services/config/index';
import { ConfigStore } from './services/config/store';
import { notificationsService } from './services/notifications/index';
import { addressBookHooks } from './services/address-book/hooks';
import { oauth2Hooks } from './services/oauth2/hooks';
import { salesHooks } from './services/sales/hooks';
import { salesRoutes } from './services/sales/index';
import { ddtPdfRoutes } from './services/warehouse/ddt-pdf';
import { provideDocumentServices } from './documents/services';
import { provideSdi } from './services/sales/sdi/channel';
import { companyOfConfig } from './documents/branding';
import { createMailer } from './mail/mailer';
import { serverFiles } from './services/storage/server-files';
import { ticketingHooks } from './services/ticketing/hooks';
import { warehouseServiceHooks } from './services/warehouse/hooks';
import { wfmHooks } from './services/wfm/hooks';
import { wfmService } from './services/wfm/machine-history';
import { planningPublishRoutes } from './services/wfm/planning/publish-routes';
import { planningCheckRoutes } from './services/wfm/planning/check-routes';
import { generateRoutes } from './services/wfm/planning/generate-routes';
import { providePlanningHorizon } from './services/wfm/planning/horizon';
import { planningWindowRoutes } from './services/wfm/planning/window-routes';
import { provideFgasCompany } from './services/wfm/fgas-company';
import { oauth2Service } from './services/oauth2/index';
import { storageService } from './services/storage/index';
import { attachmentHolders } from './services/storage/access';
import { registerStorageKinds } from './services/storage/references';
import { SigningKeys } from './services/oauth2/keys';
import { RevokedSessions } from './services/oauth2/sessions';
import { UserStates } from './services/oauth2/user-states';
import { purgeExpiredRefreshTokens } from './services/oauth2/refresh-tokens';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './services/oauth2/throttle';
import type { OAuthClient } from './services/oauth2/token';
import type { HookRegistry } from './records';
import type { Db } from './db/tables';

export interface RuntimeConfig {
  appName: string;
  defaultTenant: string;
  monitoringDsn: string;
}

export interface AppOptions {
  db: Database;
  configDir: string;
  /** The built SPA; served at / when the folder exists. */
  staticDir?: string;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds; 30 days when absent. */
  refreshTokenTtl?: number;
  /** The first one is the SPA's, published in runtime-config.json. */
  clients: readonly OAuthClient[];
  seed: 'demo' | 'none';
  /** Demo contacts per tenant (40 when absent); tests seed fewer. */
  seedContacts?: number;
  /**
   * Size of the modules' demo data (1 when absent): 0 seeds only the configuration records the modules
   * need (VAT rates, numbering series ...), so API tests start fast.
   */
  demoScale?: number;
  logger: FastifyServerOptions['logger'];
  runtime: RuntimeConfig;
  /** Services this process serves (all when absent): scale-out runs a subset per process. */
  services?: readonly string[];
  /** The resource definitions to serve (resources/index.ts when absent); tests add definitions of their own. */
  definitions?: readonly ResourceDefinition[];
  /**
   * Runs the scheduled-job runner (server/jobs) in this process; off when absent. Every process may
   * run one: they share the work through the database and never run one occurrence twice.
   */
  jobs?: { pollMs?: number };
  /** DATA_DIR: uploaded files live in its `files` folder. */
  dataDir: string;
  /** Largest file the storage service accepts, in bytes (20 MiB when absent). */
  storageMaxBytes?: number;
  /** Login and forgot-password throttling (oauth2); tests lower the limits. */
  throttle?: Partial<ThrottleLimits>;
  /** SMTP server for mails (password reset, documents); without it mails go to `outboxDir`. */
  smtpUrl?: string;
  /** Sender of mails; `APP_NAME <no-reply@localhost>` when absent. */
  mailFrom?: string;
  /** The dev outbox: one .eml file per mail (DATA_DIR/outbox when absent). */
  outboxDir?: string;
  /** Serve GET /oauth2/dev/outbox; by default when there is no smtpUrl and NODE_ENV is not production. */
  devOutbox?: boolean;
  /** Where users open the SPA, for links in mails (http://localhost:8080 when absent). */
  publicUrl?: string;
  /** Seconds a password-reset link stays valid (1 hour when absent). */
  resetTokenTtl?: number;
  /** TRUST_PROXY: which proxies' X-Forwarded-For gives the client's address; none when absent. */
  trustProxy?: TrustProxy;
  /** HSTS_MAX_AGE in seconds (a year when absent; 0 sends no Strict-Transport-Security). */
  hstsMaxAge?: number;
  /** RATE_LIMIT_PER_MINUTE per user or address (DEFAULT_RATE_LIMIT_PER_MINUTE when absent; 0 disables). */
  rateLimitPerMinute?: number;
}

/** Behaviour beyond generic CRUD, per service (server/services/<id>/hooks.ts). */
const SERVICE_HOOKS: Partial<Record<string, HookRegistry>> = {
  'address-book': addressBookHooks,
  oauth2: oauth2Hooks,
  sales: salesHooks,
  ticketing: ticketingHooks,
  warehouse: warehouseServiceHooks,
  wfm: wfmHooks,
};

/**
 * Builds the whole server on a migrated (and, on an empty database, seeded) database. Tests call
 * it and use `app.inject`; server/index.ts adds listening and shutdown.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const db = options.db.kysely;
  const configStore = await ConfigStore.load(options.configDir);
  // Live: a config reload (POST /config/api/reload) updates this map in place.
  const configs = configStore.configs;
  const definitions = options.definitions ?? resources;
  // What the record engine needs from services, before anything (the seed included) writes records.
  registerStorageKinds();
  provideFgasCompany((tenant) => configs.get(tenant)?.fgas?.companyCertificateNumber);
  providePlanningHorizon((tenant) => configs.get(tenant)?.planning?.horizonDays);
  await migrate(db, definitions);

  const app = Fastify(
    serverOptions(options.logger, { trustProxy: options.trustProxy, hstsMaxAge: options.hstsMaxAge }),
  );
  // Off the start's path (docs/deployment.md#start-up-time): what the last run left expired is deleted
  // while the process starts answering; closing waits for it.
  const purging = purgeExpiredRefreshTokens(db).catch((error: unknown) =>
    app.log.error({ err: error }, 'purging expired refresh tokens failed'),
  );
  app.addHook('onClose', () => purging);
  app.decorateRequest('user', null);
  installErrorHandling(app);
  const monitoring = originOf(options.runtime.monitoringDsn);
  installHttpHardening(app, {
    connectSources: () => [...configStore.externalOrigins(), ...(monitoring ? [monitoring] : [])],
    hstsMaxAge: options.hstsMaxAge,
  });
  // Before any route, so every route gets it (those it exempts aside).
  await installRateLimit(app, options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  // Every process refuses the tokens of revoked sessions, whichever process revoked them.
  const sessions = new RevokedSessions(options.db, options.accessTokenTtl, app.log);
  await sessions.start();
  app.addHook('onClose', () => sessions.close());
  // And every process knows, without a query per request, which users are disabled or signed out everywhere.
  const users = new UserStates(options.db, app.log);
  await users.start();
  app.addHook('onClose', () => users.close());
  const keys = await SigningKeys.load(db, sessions, users);

  // Before any route: the OpenAPI document at /docs/json is collected as routes are added.
  await registerOpenApi(app, { title: options.runtime.appName });

  const mail = {
    smtpUrl: options.smtpUrl,
    from: options.mailFrom ?? `${options.runtime.appName} <no-reply@localhost>`,
    outboxDir: options.outboxDir ?? join(options.dataDir, 'outbox'),
  };
  // Documents (work reports, later invoices) print the tenant's company and mail their PDFs.
  provideDocumentServices({
    companyOf: (tenant) => companyOfConfig(options.configDir, configs.get(tenant), options.runtime.appName),
    langOf: (tenant) => (configs.get(tenant)?.features.i18n.defaultLocale.startsWith('en') ? 'en' : 'it'),
    currencyOf: (tenant) => configs.get(tenant)?.currency ?? 'EUR',
    files: serverFiles({
      filesDir: join(options.dataDir, 'files'),
      driverOf: (tenant) => configs.get(tenant)?.features.storageDriverGuid,
    }),
    mailer: createMailer(mail, app.log),
  });
  // The SdI transmission channel and inbox (docs/domain.md#sdi-round-trip): the file channel under DATA_DIR/sdi.
  provideSdi(options.dataDir);
  // After the document services: the demo's quotes and proformas are sent (PDF and mail) through their actions.
  if (options.seed === 'demo')
    await seedDemo(db, { contactsPerTenant: options.seedContacts ?? 40, demoScale: options.demoScale ?? 1 });

  const serves = (id: string) => !options.services || options.services.includes(id);
  const client = options.clients[0];
  if (!client) throw new Error('At least one OAuth2 client is required');

  await app.register(healthRoutes, { db });
  await app.register(spaRoutes, {
    staticDir: options.staticDir,
    runtimeConfig: {
      apiBaseUrl: '',
      appName: options.runtime.appName,
      oauth2Url: '/oauth2',
      configBaseUrl: '/config',
      clientId: client.id,
      clientSecret: client.secret,
      defaultTenant: options.runtime.defaultTenant,
      monitoringDsn: options.runtime.monitoringDsn,
    },
  });

  if (serves('oauth2')) {
    await app.register(oauth2Service, {
      prefix: '/oauth2',
      db,
      keys,
      clients: options.clients,
      accessTokenTtl: options.accessTokenTtl,
      refreshTokenTtl: options.refreshTokenTtl ?? 30 * 24 * 3600,
      throttle: { ...DEFAULT_THROTTLE, ...options.throttle },
      sessions,
      mail,
      devOutbox: options.devOutbox ?? (!options.smtpUrl && process.env.NODE_ENV !== 'production'),
      resetTokenTtl: options.resetTokenTtl ?? 3600,
      publicUrl: options.publicUrl ?? 'http://localhost:8080',
      appName: options.runtime.appName,
    });
  }
  if (serves('storage')) {
    await app.register(storageService, {
      prefix: '/storage',
      db,
      verify: keys.verify,
      filesDir: join(options.dataDir, 'files'),
      maxBytes: options.storageMaxBytes ?? 20 * 1024 * 1024,
      driverOf: (tenant) => configs.get(tenant)?.features.storageDriverGuid,
      // Every definition, served here or not: the records live in the one database either way.
      holders: attachmentHolders(definitions, (def) => SERVICE_HOOKS[def.service]?.[def.name]),
    });
  }
  if (serves('notifications')) {
    await app.register(notificationsService, {
      prefix: '/notifications',
      db: options.db,
      verify: keys.verify,
      sessions,
    });
  }
  if (serves('config')) {
    await app.register(configService, { prefix: '/config', store: configStore, verify: keys.verify });
    await app.register(dictionaryService, { prefix: '/i18n', store: configStore });
  }
  for (const service of SERVICES) {
    const served = definitions.filter((def) => def.service === service);
    if (served.length === 0 || !serves(service)) continue;
    await app.register(crudRoutes, {
      prefix: `/${service}`,

      db: db as Db,
      definitions: served,
      verify: keys.verify,
      hooks: SERVICE_HOOKS[service],
    });
  }
  if (serves('wfm') && definitions.some((def) => def.name === 'wfm/machines'))
    await app.register(wfmService, { prefix: '/wfm', db: db as Db, verify: keys.verify });
  if (serves('wfm') && definitions.some((def) => def.name === 'wfm/activities')) {
    // The planner's routes (docs/wire-contract.md#planning), one plugin per concern.
    await app.register(planningCheckRoutes, { prefix: '/wfm', db: db as Db, verify: keys.verify });
    await app.register(planningPublishRoutes, { prefix: '/wfm', db: db as Db, verify: keys.verify });
    await app.register(planningWindowRoutes, { prefix: '/wfm', db: db as Db, verify: keys.verify });
  }
  // Generated work (docs/domain.md#generated-work) reads plans, machines and contracts: the product's definitions.
  if (serves('wfm') && definitions.some((def) => def.name === 'ticketing/periodic'))
    await app.register(generateRoutes, { prefix: '/wfm', db: db as Db, verify: keys.verify });

  if (serves('sales'))
    await app.register(salesRoutes, {
      prefix: '/sales',
      db: db as Db,
      verify: keys.verify,
      hooksOf: (def) => SERVICE_HOOKS[def.service]?.[def.name],
    });

  if (serves('warehouse') && definitions.some((def) => def.name === 'wh/DDT/in'))
    await app.register(ddtPdfRoutes, {
      prefix: '/warehouse',
      db: db as Db,
      verify: keys.verify,
      hooksOf: (def) => SERVICE_HOOKS[def.service]?.[def.name],
    });

  if (options.jobs) {
    const runner = new JobRunner({ db, jobs: productJobs(), log: app.log, pollMs: options.jobs.pollMs });
    await runner.start();
    // Waits for the job under way: app.close() resolves only once nothing is running.
    app.addHook('onClose', () => runner.stop());
  }

  return app;
}
