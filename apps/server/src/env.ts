import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STORAGE_UPLOAD_HARD_MAX_BYTES } from '@till/core';
import type { S3DriverConfig } from './modules/storage/drivers/s3-driver.ts';

/**
 * The only place that reads process.env (a lint rule enforces it): configuration is read once,
 * validated, and handed to everything else as a plain object.
 */
const port = z.coerce.number().int().min(0).max(65535);
const emailList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.email()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_FSYNC: z.enum(['on', 'off']).default('on').transform((value) => value === 'on'),
  /** The AI modules' nightly training (decision 061); the API tests turn it off and call it with a clock of their own. */
  AI_NIGHTLY_TRAINING: z.enum(['on', 'off']).default('on').transform((value) => value === 'on'),
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SUPER_ADMIN_EMAILS: emailList.default([]),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Till <no-reply@till.local>'),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RECEIPT_EMAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** Marketing campaigns one business may send in an hour (decision 051). */
  MARKETING_CAMPAIGN_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  OPENAI_BASE_URL: z.url().optional(),
  /** The platform's OpenID Connect provider for "Sign in with …" (decision 063); all three or none. */
  SSO_ISSUER: z.url().optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_NAME: z.string().min(1).max(40).default('SSO'),
  /**
   * A business's own provider (decision 068) may be on loopback (127.0.0.0/8, ::1, localhost):
   * for tests and single-machine set-ups. Other private addresses are refused whatever this says.
   */
  SSO_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** DNS servers (`ip` or `ip:port`, comma-separated) that prove a business's SSO domains; the system's when absent. */
  SSO_DNS_SERVERS: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .optional(),
  OPENAI_API_KEY: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(STORAGE_UPLOAD_HARD_MAX_BYTES).default(25 * 1024 * 1024),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'letters, digits, . _ - and / between folders')
    .optional(),
});

export type RawEnv = z.input<typeof envSchema>;

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * The embedded database syncs each commit's WAL to the disk before answering (decision 017);
   * off trades that for speed: an OS crash or power cut may lose recent sales.
   */
  pgliteFsync: boolean;
  aiNightlyTraining: boolean;
  publicUrl: string | undefined;
  authSecret: string;
  superAdminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Counted in PostgreSQL per client address and per business (docs/decisions/016). */
  limits: { signUpsPerAddressPerHour: number; receiptEmailsPerBusinessPerHour: number; marketingCampaignsPerBusinessPerHour: number };
  openaiBaseUrl: string | undefined;
  openaiApiKey: string | undefined;
  /** The platform's OpenID Connect provider (decision 063), or null when SSO is off. */
  sso: SsoConfig | null;
  /** Business providers (decision 068): loopback allowed, and the DNS servers that prove domains. */
  businessSso: { allowLoopback: boolean; dnsServers: string[] | undefined };
  trustProxy: boolean;
  webDistDir: string | undefined;
  logLevel: 'silent' | 'error' | 'info';
  storage: StorageConfig;
}

export interface StorageConfig {
  /** Local disk under `<DATA_DIR>/storage`, or an S3-compatible service. */
  driver: 'local' | 's3';
  /** No upload is larger, whatever a bucket allows. */
  maxUploadBytes: number;
  s3: S3DriverConfig | null;
}

export interface SsoConfig {
  /** Names the provider in the API (`providerId`) and in the identity it creates. */
  id: string;
  /** The button's text: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret: string | undefined;
  /** A business's own provider (decision 068); null for the platform's. */
  businessId: string | null;
}

export class ConfigError extends Error {}

/** Without BETTER_AUTH_SECRET, a secret is generated once into the data folder so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  if (Boolean(env.SSO_ISSUER) !== Boolean(env.SSO_CLIENT_ID)) {
    throw new ConfigError('Invalid configuration:\n  SSO_ISSUER, SSO_CLIENT_ID: give both or neither');
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    pgliteFsync: env.PGLITE_FSYNC,
    aiNightlyTraining: env.AI_NIGHTLY_TRAINING,
    publicUrl: env.PUBLIC_URL,
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    superAdminEmails: env.SUPER_ADMIN_EMAILS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    limits: { signUpsPerAddressPerHour: env.SIGN_UP_LIMIT_PER_HOUR, receiptEmailsPerBusinessPerHour: env.RECEIPT_EMAIL_LIMIT_PER_HOUR,
      marketingCampaignsPerBusinessPerHour: env.MARKETING_CAMPAIGN_LIMIT_PER_HOUR,
    },
    openaiBaseUrl: env.OPENAI_BASE_URL,
    openaiApiKey: env.OPENAI_API_KEY,
    sso:
      env.SSO_ISSUER && env.SSO_CLIENT_ID
        ? { id: 'oidc', name: env.SSO_NAME, issuer: env.SSO_ISSUER.replace(/\/$/, ''), clientId: env.SSO_CLIENT_ID, clientSecret: env.SSO_CLIENT_SECRET, businessId: null }
        : null,
    businessSso: { allowLoopback: env.SSO_ALLOW_LOOPBACK, dnsServers: env.SSO_DNS_SERVERS },
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
    storage: {
      driver: env.STORAGE_DRIVER,
      maxUploadBytes: env.STORAGE_MAX_UPLOAD_BYTES,
      s3:
        env.STORAGE_DRIVER === 's3'
          ? {
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              bucket: env.S3_BUCKET!,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
              prefix: env.S3_PREFIX ? `${env.S3_PREFIX}/` : '',
            }
          : null,
    },
  };
}

export function loadConfig(): AppConfig {
  return parseConfig(process.env);
}

/** Test databases and tools read these; kept here so that process.env stays in one file. */
export function readTestEnv() {
  return {
    testDatabaseUrl: process.env.TEST_DATABASE_URL || undefined,
    /** Which database the API test project runs on: 'pglite' (default) or 'postgres'. */
    testDbKind: process.env.TEST_DB_KIND === 'postgres' ? ('postgres' as const) : ('pglite' as const),
    pgliteTemplatePath: process.env.TILL_PGLITE_TEMPLATE || undefined,
    postgresTemplateDb: process.env.TILL_POSTGRES_TEMPLATE_DB || undefined,
  };
}
