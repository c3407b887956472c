import { broadcastInput, parseRealtimeTopic, type BroadcastResult } from '@till/core';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { authorizeChannel } from '../../realtime/channel-access.ts';
import { sendBusMessage } from '../../realtime/publish.ts';

/**
 * The broadcast POST (SPEC §7): server-to-clients messages sent by a signed-in caller to the
 * sockets of its own business joined to each topic, in every app process. The caller must be
 * allowed to join every topic it sends to; nothing is sent unless all are allowed.
 */
export async function sendBroadcast(services: Services, tenant: TenantContext, input: z.output<typeof broadcastInput>): Promise<BroadcastResult> {
  for (const message of input.messages) {
    await authorizeChannel(services, tenant, parseRealtimeTopic(message.topic)!);
  }
  const sent = await Promise.all(
    input.messages.map((message) =>
      sendBusMessage(services.database.db, tenant.businessId, { k: 'broadcast', b: tenant.businessId, t: message.topic, e: message.event, p: message.payload }),
    ),
  );
  if (sent.includes(false)) throw new AppError(503, 'realtime_unavailable', 'The messages could not be sent. Try again.');
  return { sent: sent.length };
}
