import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { ResourceTables } from './resource-tables';

/** An instant: read as an ISO string, written as one (or left to the column default). */
type Instant = ColumnType<string, string | undefined, string>;

export interface TenantsTable {
  id: string;
  name: string;
  configFile: string;
  createdAt: Instant;
}

export interface UsersTable {
  tenantId: string;
  id: string;
  username: string;
  passwordHash: string;
  roles: string[];
  disabled: Generated<boolean>;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Access tokens issued (iat) before this instant are void: set on disable, role or password change. */
  tokensValidAfter: string | null;
  createdAt: Instant;
  createdBy: string | null;
  updatedAt: Instant;
  updatedBy: string | null;
  version: Generated<number>;
}

export interface RefreshFamiliesTable {
  tenantId: string;
  id: string;
  userId: string;
  createdAt: Instant;
  revokedAt: string | null;
}

export interface RefreshTokensTable {
  tenantId: string;
  tokenHash: string;
  family: string;
  userId: string;
  createdAt: Instant;
  expiresAt: string;
  usedAt: string | null;
}

export interface PasswordResetsTable {
  tenantId: string;
  tokenHash: string;
  userId: string;
  createdAt: Instant;
  expiresAt: string;
  usedAt: string | null;
}

export interface ThrottleTable {
  key: string;
  hits: number;
  windowStartedAt: string;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: Instant;
}

export interface NotificationsTable {
  tenantId: string;
  id: string;
  userId: string;
  title: string;
  text: string;
  type: 'normal' | 'error';
  link: string | null;
  readAt: string | null;
  createdAt: Instant;
}

export interface ScheduledJobsTable {
  name: string;
  /** A readable form of the job's schedule, to tell when the code changed it. */
  schedule: string;
  nextRunAt: string;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastRunAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
  runs: Generated<number>;
  failures: Generated<number>;
}

/** One uploaded file's metadata; the bytes live under DATA_DIR/files/<tenant>/<name>. */
export interface StorageFilesTable {
  tenantId: string;
  /** Generated (a uuid): also the file's name on disk, never derived from what the client sent. */
  name: string;
  driverUid: string;
  /** The client's file name, sanitised, for display and downloads only. */
  fileName: string;
  /** Detected from the content, not taken from the client. */
  mimeType: string;
  /** bigint: read as a string. */
  size: ColumnType<string, number, number>;
  sha256: string;
  createdAt: Instant;
  createdBy: string | null;
}

/** The last FatturaPA transmission progressive handed out to a tenant (server/services/sales/fatturapa/progressive.ts). */
export interface SdiProgressivesTable {
  tenantId: string;
  lastValue: number;
}

/**
 * A create's Idempotency-Key, per tenant and user (docs/wire-contract.md#idempotent-creates): the record it
 * made and the fingerprint of the body it was sent with. Written in the create's own transaction.
 */
export interface IdempotencyKeysTable {
  tenantId: string;
  userId: string;
  key: string;
  /** The definition's name (`sales/payments`): the same key on another resource is a misuse. */
  resource: string;
  /** SHA-256 of the body as canonical JSON (keys sorted), hex. */
  fingerprint: string;
  /** Null only inside the transaction that claimed the key, until its record is inserted. */
  recordId: string | null;
  createdAt: Instant;
}

export interface MigrationsTable {
  id: string;
  appliedAt: Instant;
}

/** The hand-written platform tables; the definitions' tables are typed in resource-tables.ts. */
export interface Tables {
  'oauth2.tenants': TenantsTable;
  'oauth2.users': UsersTable;
  'oauth2.refreshFamilies': RefreshFamiliesTable;
  'oauth2.refreshTokens': RefreshTokensTable;
  'oauth2.passwordResets': PasswordResetsTable;
  'oauth2.throttle': ThrottleTable;
  'oauth2.signingKeys': SigningKeysTable;
  'public.migrations': MigrationsTable;
  'public.idempotencyKeys': IdempotencyKeysTable;
  'storage.files': StorageFilesTable;
  'notifications.notifications': NotificationsTable;
  'jobs.scheduled': ScheduledJobsTable;
  'sales.sdiProgressives': SdiProgressivesTable;
}

/** The whole database: the platform's tables above and the definitions' tables (resource-tables.ts). */
export type AllTables = Tables & Omit<ResourceTables, keyof Tables>;

/** The one database type of the server: hooks, services, jobs and the seed query every table typed. */
export type Db = Kysely<AllTables>;

/**
 * The same database for code that names its tables at run time from a definition (the record engine,
 * generic seed and lookup helpers): such names cannot be checked statically. Everything that names a
 * table in its source uses `Db`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one untyped view, see above
export type DynamicDb = Kysely<any>;

export const dynamic = (db: Db | Transaction<AllTables>): DynamicDb => db;
