import { evaluateApiAccess, REALTIME_ERRORS, type ApiRequirement, type PostgresChangeEvent, type ServerPostgresBinding } from '@till/core';
import { getTableColumns, type Table } from 'drizzle-orm';
import { orders } from '../db/schema/index.ts';
import type { TenantContext } from '../lib/context.ts';
import type { ChangeType } from './bus-message.ts';

interface WatchedTable {
  table: Table;
  /** The changes the server reports for this table. */
  events: readonly ChangeType[];
  /** Who may subscribe: the same requirement as reading the table through the API. */
  requirement: ApiRequirement;
}

/**
 * The tables whose changes a client may subscribe to ("postgres changes"), delivered only for
 * rows of the socket's business. Adding a table is one line here, plus `publishChange…` where
 * its rows are written (decision 013 says why the use-cases publish rather than triggers).
 */
export const WATCHED_TABLES = {
  orders: { table: orders, events: ['INSERT', 'UPDATE'], requirement: {} },
} satisfies Record<string, WatchedTable>;

export type WatchedTableName = keyof typeof WATCHED_TABLES;

const watched = (name: string): WatchedTable | undefined => (Object.hasOwn(WATCHED_TABLES, name) ? WATCHED_TABLES[name as WatchedTableName] : undefined);

/** A binding the server accepted: the client's request with its id, and how to match a change. */
export interface ActiveBinding {
  reply: ServerPostgresBinding;
  table: string;
  events: ReadonlySet<ChangeType>;
  /** `column=eq.value`: the row's column, as text, must equal value. */
  filter: { column: string; value: string } | null;
}

export type BindingOutcome =
  | { ok: true; bindings: ActiveBinding[] }
  | { ok: false; reason: string; code: string; message: string };

const mismatch = (message: string): BindingOutcome => ({ ok: false, reason: REALTIME_ERRORS.bindingsMismatch, code: 'postgres_changes_mismatch', message });

/**
 * The server's side of SPEC §8 "mismatch between server and client bindings for postgres
 * changes": a binding on a schema, table, event or filter the server does not offer refuses
 * the whole join, so a client never believes it is subscribed to changes it will not get.
 */
export function bindPostgresChanges(
  requested: { event: PostgresChangeEvent; schema: string; table: string; filter?: string | undefined }[],
  tenant: TenantContext,
  firstId: number,
): BindingOutcome {
  const bindings: ActiveBinding[] = [];
  for (const [index, binding] of requested.entries()) {
    const entry = binding.schema === 'public' ? watched(binding.table) : undefined;
    if (!entry) return mismatch(`Changes of ${binding.schema}.${binding.table} are not offered; offered: ${Object.keys(WATCHED_TABLES).map((t) => `public.${t}`).join(', ')}`);
    const events = binding.event === '*' ? entry.events : entry.events.includes(binding.event) ? [binding.event] : null;
    if (!events) return mismatch(`${binding.event} changes of ${binding.table} are not offered; offered: ${entry.events.join(', ')}`);
    let filter: ActiveBinding['filter'] = null;
    if (binding.filter !== undefined) {
      const match = /^([a-z_][a-z0-9_]*)=eq\.(.+)$/.exec(binding.filter);
      const columns = Object.values(getTableColumns(entry.table)).map((column) => column.name);
      if (!match || !columns.includes(match[1]!)) return mismatch(`The filter ${binding.filter} is not offered; use column=eq.value on a column of ${binding.table}`);
      filter = { column: match[1]!, value: match[2]! };
    }
    const decision = evaluateApiAccess(tenant.actor, entry.requirement, tenant.features);
    if (!decision.allowed) return { ok: false, reason: REALTIME_ERRORS.channelError, code: decision.code, message: decision.message };
    const reply: ServerPostgresBinding = {
      id: firstId + index,
      event: binding.event,
      schema: binding.schema,
      table: binding.table,
      ...(binding.filter !== undefined ? { filter: binding.filter } : {}),
    };
    bindings.push({ reply, table: binding.table, events: new Set(events), filter });
  }
  return { ok: true, bindings };
}

/** Whether a binding wants this change of this row. */
export function bindingMatches(binding: ActiveBinding, table: string, type: ChangeType, record: Record<string, unknown> | null): boolean {
  if (binding.table !== table || !binding.events.has(type)) return false;
  if (!binding.filter) return true;
  if (!record) return false;
  const value = record[binding.filter.column];
  return value !== null && value !== undefined && String(value) === binding.filter.value;
}
