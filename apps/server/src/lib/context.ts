import type { Actor, EmployeeRole, EnabledFeatures } from '@till/core';
import type { AppConfig } from '../env.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from '../modules/accounts/auth.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { BusinessContextCache } from './business-context-cache.ts';
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
}

export interface Services {
  config: AppConfig;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  signInLimits: { perAccount: RateLimiter; perAddress: RateLimiter };
  /** Sign-ups per client address and receipt emails per business, an hour each (decision 016). */
  messageLimits: { signUpsPerAddress: RateLimiter; receiptEmailsPerBusiness: RateLimiter };
  employeeSessions: EmployeeSessionResolver;
  sessionCache: SessionCache;
  businessContexts: BusinessContextCache;
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
}

export interface AppEnv {
  Variables: {
    services: Services;
    /** The signed-in account, when the request carries a valid session cookie. */
    account: SignedInAccount | null;
    clientAddress: string;
    tenant: TenantContext;
    /** CSP frame-ancestors for this answer; unset means 'none' (lib/security-headers.ts). */
    frameAncestors: string | undefined;
  };
}
