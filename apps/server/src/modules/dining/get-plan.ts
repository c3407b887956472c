import { KITCHEN_STAGES, tableState, type DiningPlanView, type DiningTableView } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { diningRepository as repo, type TableRow } from './dining.repository.ts';
import { claimHeld, toAreaView, toBillPartView } from './dining-views.ts';

/** The till's table plan: areas, tables and each table's state from its open ticket. */
export async function getPlan(database: Database, tenant: TenantContext): Promise<DiningPlanView> {
  return database.withTenant(tenant.businessId, (tx) => readPlan(tx, tenant.businessId));
}

export async function readPlan(tx: Tx, businessId: string): Promise<DiningPlanView> {
  // One query at a time on the transaction's one connection.
  const areas = await repo.areas(tx, businessId);
  const tables = await repo.tables(tx, businessId);
  const tickets = await repo.openTicketsOnTables(tx, businessId, tables.map((table) => table.id));
  const parts = await repo.partsOf(tx, businessId, tickets.map((ticket) => ticket.id));
  return {
    areas: areas.map(toAreaView),
    tables: tables.map((table) => {
      const ticket = tickets.find((row) => row.tableId === table.id) ?? null;
      const paymentStarted =
        ticket !== null &&
        (claimHeld(ticket.paymentKey, ticket.paymentClaimedAt) || parts.some((part) => part.ticketId === ticket.id && toBillPartView(part).status !== 'open'));
      return toTableView(table, ticket && { id: ticket.id, number: ticket.number, stage: ticket.stage, guests: ticket.guests, paymentStarted });
    }),
  };
}

export function toTableView(table: TableRow, ticket: (NonNullable<DiningTableView['ticket']> & { paymentStarted: boolean }) | null): DiningTableView {
  return {
    id: table.id,
    area_id: table.areaId,
    name: table.name,
    seats: table.seats,
    x: table.x,
    y: table.y,
    width: table.width,
    height: table.height,
    state: tableState(ticket, KITCHEN_STAGES),
    ticket: ticket && { id: ticket.id, number: ticket.number, stage: ticket.stage, guests: ticket.guests },
  };
}
