import { stageListToWire, type KitchenStationView, type KitchenTicketView, type StageListView } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { diningRepository } from '../dining/dining.repository.ts';
import { kitchenRepository as repo } from './kitchen.repository.ts';
import { toStationView, toTicketView } from './kitchen-views.ts';
import { loadStageList } from './stage-list.ts';

/** How long a served ticket stays on the board for a recall; the display clears it sooner if set to. */
export const SERVED_VISIBLE_MS = 15 * 60_000;

/** The kitchen display's board: the stations and every ticket on the line or served lately. */
export async function getBoard(database: Database, tenant: TenantContext, now: Date): Promise<{ stations: KitchenStationView[]; stage_list: StageListView; tickets: KitchenTicketView[]; server_time: string }> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const stations = (await repo.stations(tx, tenant.businessId)).map(toStationView);
    const tickets = await repo.boardTickets(tx, tenant.businessId, new Date(now.getTime() - SERVED_VISIBLE_MS), new Date(now.getTime() - 24 * 3600_000));
    const items = await repo.itemsOf(tx, tenant.businessId, tickets.map((ticket) => ticket.id));
    const parts = await diningRepository.partsOf(tx, tenant.businessId, tickets.map((ticket) => ticket.id));
    const stageList = await loadStageList(tx, tenant.businessId);
    return { stations, stage_list: stageListToWire(stageList), tickets: tickets.map((ticket) => toTicketView(ticket, items, parts, stageList)), server_time: now.toISOString() };
  });
}
