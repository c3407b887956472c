import type { Actor, EmployeeRole, EnabledFeatures, FeatureFlagOverride } from '@till/core';
import type { AppConfig } from '../env.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { BusinessContext, BusinessContextCache } from './business-context-cache.ts';
import type { SessionCache } from './session-cache.ts';
import type { ChatProvider } from '../modules/chatbot/ai-provider.ts';
import type { StorageService } from '../modules/storage/storage-service.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';

/** An employee signed in with a PIN (SPEC §3 employee session), as the server sees it. */
export interface ResolvedEmployeeSession {
  sessionId: string;
  employeeId: string;
  employeeName: string;
  role: EmployeeRole;
  permissions: unknown;
  adminPermissions: unknown;
  /** When the PIN sign-in happened; SPEC §4 discards the session 8 hours later. */
  loginTime: Date;
  /** The paired till it was opened on: the token is refused with any other till's credential. */
  registerId: string | null;
}

/** A paired till device (a register) as its credential names it, with its business. */
export interface PairedRegister {
  registerId: string;
  registerName: string;
  storeId: string;
  businessId: string;
  ownerUserId: string;
  enabledFeatures: unknown;
}

/** What a till device presents: the `till_register` cookie, `<register id>.<secret>`. */
export interface RegisterCredential {
  registerId: string;
  secret: string;
}

export interface RegisterResolver {
  /** The paired, unrevoked register the credential names, or null. */
  resolve(credential: RegisterCredential): Promise<PairedRegister | null>;
}

/** What lib/ needs from accounts, without importing the module (wired in services.ts). */
export interface AccountsPort {
  /** The business the account belongs to, its owner and feature switches, or null. */
  findBusinessContext(userId: string): Promise<BusinessContext | null>;
  isSuperAdmin(userId: string): Promise<boolean>;
  /** Whether the user still exists (a cached session may outlive it by a few seconds, SPEC §8). */
  userExists(userId: string): Promise<boolean>;
  /** The account a better-auth session (in these request headers) belongs to, or null. */
  readSession(headers: Headers): Promise<SignedInAccount | null>;
  /** The account an access token (a Bearer JWT) stands for, while its session lives; or null. */
  readAccessToken(token: string): Promise<SignedInAccount | null>;
}

/** The super admin's platform-wide feature switches (issue 20 item 1), read on every business request. */
export interface FeatureFlagsPort {
  /** Every switch that is not "default"; cached for a few seconds. */
  overrides(): Promise<readonly FeatureFlagOverride[]>;
  /** Drops the cached switches (after a change in this process). */
  forget(): void;
}

export interface EmployeeSessionResolver {
  /** The active, unexpired session of this business that the token names, or null. */
  resolve(businessId: string, token: string): Promise<ResolvedEmployeeSession | null>;
}

/** The business a request acts on, and who acts (set by `business` routes). */
export interface TenantContext {
  businessId: string;
  userId: string;
  actor: Actor;
  employeeSession: ResolvedEmployeeSession | null;
  features: EnabledFeatures;
  /** The paired till the request comes from; null on an account's own browser. */
  registerId: string | null;
}

export interface Services {
  config: AppConfig;
  database: Database;
  auth: Auth;
  accounts: AccountsPort;
  mailer: Mailer;
  signInLimits: { perAccount: RateLimiter; perAddress: RateLimiter };
  /** Sign-ups per client address and receipt emails per business, an hour each (decision 016). */
  /** Pairing-code attempts per client address (a code is 8 characters for 10 minutes). */
  tillPairingPerAddress: RateLimiter;
  messageLimits: { signUpsPerAddress: RateLimiter; receiptEmailsPerBusiness: RateLimiter; marketingCampaignsPerBusiness: RateLimiter; bookingsPerAddress: RateLimiter };
  employeeSessions: EmployeeSessionResolver;
  /** Paired till devices (issue 10; ARCHITECTURE "Credentials"). */
  registers: RegisterResolver;
  sessionCache: SessionCache;
  businessContexts: BusinessContextCache;
  featureFlags: FeatureFlagsPort;
  aiProvider: ChatProvider;
  /** Buckets and objects (SPEC §7): what other modules call to keep files. */
  storage: StorageService;
  /** The websocket endpoint and the bus between app processes (decision 013). */
  realtime: RealtimeService;
  startedAt: Date;
  version: string;
  /** Stops what this process runs besides requests (the bus, sockets, sweeps); not the database. */
  stop(): Promise<void>;
}

export interface SignedInAccount {
  user: { id: string; email: string | null; name: string; phoneNumber: string | null };
  sessionId: string;
  /**
   * What the session still owes before it is complete (decision 045): 'challenge' (a code from a
   * verified factor) or 'enroll' (the business requires a factor the account does not have yet).
   * Such a session is not `account` on a request; only the second-step routes read it.
   */
  secondStep?: 'challenge' | 'enroll' | null;
  /** The request carried an access token (`Authorization: Bearer`) rather than the session cookie (decision 063). */
  viaAccessToken?: boolean;
}

export interface AppEnv {
  Variables: {
    services: Services;
    /** The signed-in account, when the request carries a valid session cookie. */
    account: SignedInAccount | null;
    /** A signed-in account whose session still owes its second step (decision 045); `account` is null then. */
    partialAccount: SignedInAccount | null;
    /** The till credential the request carries (its cookie), not yet checked. */
    registerCredential: RegisterCredential | null;
    /** Set by `till` routes: the checked till, with no employee session needed. */
    till: PairedRegister;
    clientAddress: string;
    tenant: TenantContext;
    /** CSP frame-ancestors for this answer; unset means 'none' (lib/security-headers.ts). */
    frameAncestors: string | undefined;
  };
}
