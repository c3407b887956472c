import { deleteExpiredTranscripts } from './modules/chatbot/delete-expired-transcripts.ts';
import path from 'node:path';
import { openDatabase, type Database } from './db/client.ts';
import type { AppConfig } from './env.ts';
import type { Services } from './lib/context.ts';
import { createMailer } from './lib/mailer.ts';
import { createRateLimiter, sweepExpiredRateLimits } from './lib/rate-limiter.ts';
import { PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR } from './modules/appointments/booking-page-link.ts';
import { createBusinessContextCache } from './lib/business-context-cache.ts';
import { createSessionCache } from './lib/session-cache.ts';
import { createAccountsPort } from './modules/auth/accounts-port.ts';
import { accountsRepository } from './modules/auth/accounts.repository.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createEmployeeSessionResolver } from './modules/employee-sessions/employee-session-resolver.ts';
import { createRegisterResolver } from './modules/registers/register-resolver.ts';
import { createFeatureFlagOverrides } from './modules/feature-flags/feature-flag-overrides.ts';
import { createChatProvider } from './modules/chatbot/ai-provider.ts';
import { createStorageDriver } from './modules/storage/drivers/create-driver.ts';
import { REMINDER_EVERY_MS, sendAppointmentReminders } from './modules/appointments/send-appointment-reminders.ts';
import { SERVICE_REMINDER_EVERY_MS, sendServiceReminders } from './modules/workshop/send-service-reminders.ts';
import { LOW_STOCK_DIGEST_EVERY_MS, sendLowStockDigests } from './modules/stock-control/send-low-stock-digests.ts';
import { deliverWebhooks, WEBHOOK_DELIVERY_EVERY_MS } from './modules/integrations/deliver-webhooks.ts';
import { scheduleNightlyTraining } from './modules/ai-modules/schedule-nightly-training.ts';
import { AI_TRAINING_SWEEP_EVERY_MS, runPendingAiTraining } from './modules/ai-modules/train-ai-modules.ts';
import { migrateLegacyProductImages } from './modules/products/migrate-legacy-product-images.ts';
import { createStorageService } from './modules/storage/storage-service.ts';
import { createRealtimeService, type RealtimeOptions } from './realtime/realtime-service.ts';
import { realtimeRepository } from './realtime/realtime.repository.ts';

export const VERSION = '0.1.0';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Expired rate-limit counters and stored realtime messages are deleted this often. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** A stored realtime message is read within milliseconds; it is kept this long. */
const REALTIME_MESSAGE_TTL_MS = 5 * 60 * 1000;

export interface SignInLimitSettings {
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = { perAccount: 10, perAddress: 50 };

/** Wires the parts together; main.ts and the tests both use it. */
export async function createServices(
  config: AppConfig,
  options: {
    database?: Database;
    signInLimits?: SignInLimitSettings;
    realtime?: RealtimeOptions;
    /**
     * The timed jobs (sweeps, reminders, digests, webhook deliveries, AI training). On unless false:
     * the API tests turn them off and call each job themselves, so a job never races a test's own call.
     */
    backgroundJobs?: boolean;
  } = {},
): Promise<Services> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteFsync: config.pgliteFsync,
    }));
  if (!options.database) await database.migrate();
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const baseURL = config.publicUrl ?? `http://localhost:${config.port}`;
  const auth = createAuth({ db: database.db, secret: config.authSecret, baseURL, mailer });
  // Super admin needs a verified address (issue 9 item 2): grants follow verification, and a role
  // granted before that rule to an unverified account is taken back at start.
  await accountsRepository(database.db).revokeUnverifiedSuperAdmins();
  await accountsRepository(database.db).grantSuperAdminByEmail(config.superAdminEmails);
  const limits = options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS;
  const storage = createStorageService({
    database,
    driver: createStorageDriver(config),
    secret: config.authSecret,
    maxUploadBytes: config.storage.maxUploadBytes,
  });
  await migrateLegacyProductImages({
    dataDir: config.dataDir,
    database,
    storage,
    log: (message) => (config.logLevel === 'info' ? console.log(message) : undefined),
  });
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => void) => {
    if (options.backgroundJobs === false) return;
    const timer = setInterval(job, ms);
    timer.unref();
    timers.push(timer);
  };
  every(SWEEP_EVERY_MS, () => {
    const now = new Date();
    Promise.all([
      sweepExpiredRateLimits(database.db, now),
      realtimeRepository.sweepLargeMessages(database.db, new Date(now.getTime() - REALTIME_MESSAGE_TTL_MS)),
      // Chat transcripts are kept only as long as each business chose (settings, Chatbot Insights).
      deleteExpiredTranscripts(database, now),
    ]).catch((error: unknown) => console.error('Sweeping expired rows failed:', (error as Error).message));
  });
  // Day-before appointment reminders through the outbox; each appointment is reminded once (decision 032).
  every(REMINDER_EVERY_MS, () => {
    sendAppointmentReminders(database, mailer, new Date()).catch((error: unknown) => console.error('Sending appointment reminders failed:', (error as Error).message));
  });
  // Next-service reminders for the workshop's vehicles, once per due (decision 038).
  every(SERVICE_REMINDER_EVERY_MS, () => {
    sendServiceReminders(database, mailer, new Date()).catch((error: unknown) => console.error('Sending service reminders failed:', (error as Error).message));
  });
  // The owner's daily low-stock e-mail from 07:00 of the business's day, once a day (decision 027).
  every(LOW_STOCK_DIGEST_EVERY_MS, () => {
    sendLowStockDigests(services, new Date()).catch((error: unknown) => console.error('Sending low-stock digests failed:', (error as Error).message));
  });
  // Outgoing webhooks (decision 046): due deliveries posted and retried with backoff; one run at a time per process.
  let deliveringWebhooks = false;
  every(WEBHOOK_DELIVERY_EVERY_MS, () => {
    if (deliveringWebhooks) return;
    deliveringWebhooks = true;
    deliverWebhooks({ database, mailer, config })
      .catch((error: unknown) => console.error('Delivering webhooks failed:', (error as Error).message, String((error as Error).cause ?? '')))
      .finally(() => (deliveringWebhooks = false));
  });
  // The nightly AI training of the businesses in their 02:00–05:00 (decision 061), then the jobs queued
  // and not yet claimed, or left running by a process that stopped (decision 042).
  every(AI_TRAINING_SWEEP_EVERY_MS, () => {
    (config.aiNightlyTraining ? scheduleNightlyTraining(services, new Date()) : Promise.resolve())
      .catch((error: unknown) => console.error('Queuing nightly AI training failed:', (error as Error).message))
      .then(() => runPendingAiTraining(database))
      .catch((error: unknown) => console.error('Claiming AI training jobs failed:', (error as Error).message));
  });
  const services: Services = {
    config,
    database,
    auth,
    accounts: createAccountsPort({ database, auth, config }),
    mailer,
    // Counted in PostgreSQL, so the limits hold across every app process (decision 013).
    signInLimits: {
      perAccount: createRateLimiter(database.db, { name: 'sign_in_account', limit: limits.perAccount, windowMs: FIFTEEN_MINUTES }),
      perAddress: createRateLimiter(database.db, { name: 'sign_in_address', limit: limits.perAddress, windowMs: FIFTEEN_MINUTES }),
    },
    // Guessing pairing codes: a handful of typos an address, not a search (31^8 codes, 10 minutes each).
    tillPairingPerAddress: createRateLimiter(database.db, { name: 'till_pairing_address', limit: 10, windowMs: FIFTEEN_MINUTES }),
    messageLimits: {
      signUpsPerAddress: createRateLimiter(database.db, { name: 'sign_up_address', limit: config.limits.signUpsPerAddressPerHour, windowMs: ONE_HOUR }),
      // The public booking page (decision 040): bookings a client address may make in an hour.
      bookingsPerAddress: createRateLimiter(database.db, { name: 'public_booking_address', limit: PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR, windowMs: ONE_HOUR }),
      receiptEmailsPerBusiness: createRateLimiter(database.db, {
        name: 'receipt_email_business',
        limit: config.limits.receiptEmailsPerBusinessPerHour,
        windowMs: ONE_HOUR,
      }),
      // Marketing campaigns (decision 051): each one writes to a whole segment.
      marketingCampaignsPerBusiness: createRateLimiter(database.db, {
        name: 'marketing_campaign_business',
        limit: config.limits.marketingCampaignsPerBusinessPerHour,
        windowMs: ONE_HOUR,
      }),
    },
    employeeSessions: createEmployeeSessionResolver({ database, secret: config.authSecret }),
    registers: createRegisterResolver({ database }),
    sessionCache: createSessionCache(),
    businessContexts: createBusinessContextCache(),
    featureFlags: createFeatureFlagOverrides({ database }),
    aiProvider: createChatProvider({ baseUrl: config.openaiBaseUrl, apiKey: config.openaiApiKey }),
    storage,
    realtime: undefined as never,
    startedAt: new Date(),
    version: VERSION,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await services.realtime.close();
    },
  };
  services.realtime = createRealtimeService(services, options.realtime);
  await services.realtime.start();
  return services;
}
