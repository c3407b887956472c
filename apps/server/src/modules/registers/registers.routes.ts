import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import { authHeadersFor, forwardAuthCookies } from '../../lib/auth-cookies.ts';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { signOut } from '../auth/sign-out.ts';
import { createPairingCode } from './create-pairing-code.ts';
import { listRegisters } from './list-registers.ts';
import { pairRegisterWithCode, pairThisBrowser } from './pair-register.ts';
import { clearRegisterCookie, setRegisterCookie } from '../../lib/till-cookie.ts';
import { pairedRegisterSchema, registerSchema } from './register-view.ts';
import { revokeRegister } from './revoke-register.ts';

const tillName = singleLine(z.string().trim().min(1, 'Give the till a name').max(60, 'At most 60 characters'));
const SETTINGS = business({ page: 'settings' });

const createCodeRoute = defineRoute({
  method: 'post',
  path: '/api/registers/pairing-codes',
  access: SETTINGS,
  tags: ['registers'],
  summary: 'A one-time code (10 minutes) to type on a device at /pos-terminal-login, which makes it a till of this business',
  responses: {
    201: jsonResponse(z.object({ code: z.string(), expires_at: z.string() }), 'The code, shown once'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const pairRoute = defineRoute({
  method: 'post',
  path: '/api/registers/pair',
  access: PUBLIC,
  tags: ['registers'],
  summary:
    'Pair this device as a till with a code from Settings: it receives its own HttpOnly till credential (never an account session). ' +
    '10 wrong codes per 15 minutes per client address',
  request: { body: jsonBody(z.strictObject({ code: z.string().max(40), name: tillName.default('Till') })) },
  responses: {
    201: jsonResponse(z.object({ register: pairedRegisterSchema }), 'Paired'),
    ...errorResponses(400, 409, 429),
  },
});

const pairThisBrowserRoute = defineRoute({
  method: 'post',
  path: '/api/registers/pair-this-browser',
  access: business({ page: 'settings', ownerOnly: true }),
  tags: ['registers'],
  summary: 'Open the till on this device: the owner turns this browser into a till, and the account is signed out here',
  request: { body: jsonBody(z.strictObject({ name: tillName.default('Till') })) },
  responses: {
    201: jsonResponse(z.object({ register: pairedRegisterSchema }), 'Paired; the account is signed out on this browser'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/registers',
  access: SETTINGS,
  tags: ['registers'],
  summary: 'The paired tills: name, store, when paired, last seen',
  responses: { 200: jsonResponse(z.object({ registers: z.array(registerSchema) }), 'Paired tills'), ...errorResponses(400, 401, 403) },
});

const revokeRoute = defineRoute({
  method: 'delete',
  path: '/api/registers/{id}',
  access: SETTINGS,
  tags: ['registers'],
  summary: 'Unpair a till: its credential and every employee session on it stop working at once',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: jsonResponse(z.object({ ended_sessions: z.number().int() }), 'Unpaired'),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const registersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createCodeRoute, async (c) => {
    return c.json(await createPairingCode(c.var.services.database, c.var.tenant, new Date()), 201);
  })
  .openapi(pairRoute, async (c) => {
    const { services } = c.var;
    if (c.var.registerCredential && (await services.registers.resolve(c.var.registerCredential))) {
      throw new AppError(409, 'already_a_till', 'This device is already a paired till. Unpair it in Settings → Tills first.');
    }
    // Wrong codes count against the address; once they are used up, even a right code waits.
    const limiter = services.tillPairingPerAddress;
    const tooMany = (retryAfterSeconds: number) =>
      new AppError(429, 'rate_limited', 'Too many wrong pairing codes from this address. Try again later.', { retry_after_seconds: retryAfterSeconds });
    const state = await limiter.isBlocked(c.var.clientAddress);
    if (state.blocked) throw tooMany(state.retryAfterSeconds);
    const paired = await pairRegisterWithCode(services.database, c.req.valid('json'), new Date()).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_pairing_code') await limiter.hit(c.var.clientAddress);
      throw error;
    });
    setRegisterCookie(c, paired.register.id, paired.secret);
    return c.json({ register: paired.register }, 201);
  })
  .openapi(pairThisBrowserRoute, async (c) => {
    const { services } = c.var;
    const paired = await pairThisBrowser(services.database, c.var.tenant, c.req.valid('json'), new Date());
    // The till must not keep the owner's session: end it on this browser.
    const signedOut = await signOut(services, { scope: 'local', account: c.var.account }, authHeadersFor(c));
    forwardAuthCookies(c, signedOut.headers);
    setRegisterCookie(c, paired.register.id, paired.secret);
    return c.json({ register: paired.register }, 201);
  })
  .openapi(listRoute, async (c) => {
    return c.json({ registers: await listRegisters(c.var.services.database, c.var.tenant) }, 200);
  })
  .openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid('param');
    const result = await revokeRegister(c.var.services.database, c.var.tenant, id, new Date());
    if (id === c.var.tenant.registerId) clearRegisterCookie(c);
    return c.json(result, 200);
  });
