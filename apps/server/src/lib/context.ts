import type { AppConfig } from '../env.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from '../modules/accounts/auth.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface Services {
  config: AppConfig;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  signInLimits: { perAccount: RateLimiter; perAddress: RateLimiter };
  startedAt: Date;
  version: string;
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
  };
}
