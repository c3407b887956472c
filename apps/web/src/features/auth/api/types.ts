import type { ApiAnswer } from '@/lib/api';

/** What signing in or up answers: the account's user (the route schemas' shape). */
export type AuthResponse = ApiAnswer<'/api/auth/sign-in', 'post'>;
export type AuthUser = AuthResponse['user'];
