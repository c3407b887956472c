import type { ApiAnswer } from '@/lib/api';

/** What signing in or up answers: the account's user (the route schemas' shape). */
export type AuthResponse = ApiAnswer<'/api/auth/sign-up', 'post'>;
/** Signing in also says whether a second factor is still owed (decision 045). */
export type SignInResponse = ApiAnswer<'/api/auth/sign-in', 'post'>;
export type AuthUser = AuthResponse['user'];
