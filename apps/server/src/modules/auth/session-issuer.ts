import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * A better-auth endpoint our own use-cases call (the handler is not mounted, decision 001) once
 * they have proven who the person is some other way than a password: a one-time code or a magic
 * link (decision 062). It creates the session and its signed cookie exactly as a password sign-in
 * does, so the session cache, sign-out and second step treat it the same.
 */
export const sessionIssuer = () =>
  ({
    id: 'till-session-issuer',
    endpoints: {
      issueSessionForUser: createAuthEndpoint(
        '/till/issue-session',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!found) throw new APIError('NOT_FOUND', { message: 'user not found' });
          const session = await ctx.context.internalAdapter.createSession(found.id);
          await setSessionCookie(ctx, { session, user: found });
          return ctx.json({ userId: found.id, sessionId: session.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
