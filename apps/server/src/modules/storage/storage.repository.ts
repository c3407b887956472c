import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { storageBuckets, storageObjects } from '../../db/schema/index.ts';

export type BucketRow = typeof storageBuckets.$inferSelect;
export type ObjectRow = typeof storageObjects.$inferSelect;
export type NewObjectRow = typeof storageObjects.$inferInsert;

export interface ObjectListQuery {
  prefix: string;
  search: string | undefined;
  limit: number;
  offset: number;
  /** Continue after this name (name order only). */
  after: string | undefined;
  column: 'name' | 'created_at' | 'updated_at' | 'size';
  order: 'asc' | 'desc';
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const SORT_COLUMNS = {
  name: storageObjects.name,
  created_at: storageObjects.createdAt,
  updated_at: storageObjects.updatedAt,
  size: storageObjects.size,
} as const;

/** The storage tables; callers pass the tenant transaction, and every query names the business as well. */
export const storageRepository = {
  async findBucket(tx: Tx, businessId: string, name: string): Promise<BucketRow | null> {
    const [row] = await tx
      .select()
      .from(storageBuckets)
      .where(and(eq(storageBuckets.businessId, businessId), eq(storageBuckets.name, name)));
    return row ?? null;
  },

  async findBucketForUpdate(tx: Tx, businessId: string, name: string): Promise<BucketRow | null> {
    const [row] = await tx
      .select()
      .from(storageBuckets)
      .where(and(eq(storageBuckets.businessId, businessId), eq(storageBuckets.name, name)))
      .for('update');
    return row ?? null;
  },

  async listBuckets(tx: Tx, businessId: string): Promise<BucketRow[]> {
    return tx.select().from(storageBuckets).where(eq(storageBuckets.businessId, businessId)).orderBy(asc(storageBuckets.name));
  },

  /** The new bucket, or null when the business already has one of that name. */
  async insertBucket(tx: Tx, values: typeof storageBuckets.$inferInsert): Promise<BucketRow | null> {
    const [row] = await tx.insert(storageBuckets).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async updateBucket(
    tx: Tx,
    businessId: string,
    id: string,
    patch: Partial<Pick<BucketRow, 'isPublic' | 'allowedMimeTypes' | 'fileSizeLimit'>>,
  ): Promise<BucketRow> {
    const [row] = await tx
      .update(storageBuckets)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(storageBuckets.businessId, businessId), eq(storageBuckets.id, id)))
      .returning();
    return row!;
  },

  async deleteBucket(tx: Tx, businessId: string, id: string): Promise<void> {
    await tx.delete(storageBuckets).where(and(eq(storageBuckets.businessId, businessId), eq(storageBuckets.id, id)));
  },

  async hasObjects(tx: Tx, businessId: string, bucketId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: storageObjects.id })
      .from(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId)))
      .limit(1);
    return Boolean(row);
  },

  async findObject(tx: Tx, businessId: string, bucketId: string, name: string): Promise<ObjectRow | null> {
    const [row] = await tx
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)));
    return row ?? null;
  },

  async findObjectForUpdate(tx: Tx, businessId: string, bucketId: string, name: string): Promise<ObjectRow | null> {
    const [row] = await tx
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)))
      .for('update');
    return row ?? null;
  },

  /** Which of these names exist in the bucket. */
  async existingNames(tx: Tx, businessId: string, bucketId: string, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await tx
      .select({ name: storageObjects.name })
      .from(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId), inArray(storageObjects.name, [...names])));
    return new Set(rows.map((row) => row.name));
  },

  /** The new row, or null when the name is taken (a concurrent upload may have just taken it). */
  async insertObject(tx: Tx, values: NewObjectRow): Promise<ObjectRow | null> {
    const [row] = await tx.insert(storageObjects).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async updateObject(tx: Tx, businessId: string, id: string, patch: Partial<NewObjectRow>): Promise<ObjectRow> {
    const [row] = await tx
      .update(storageObjects)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.id, id)))
      .returning();
    return row!;
  },

  async listObjects(tx: Tx, businessId: string, bucketId: string, query: ObjectListQuery): Promise<ObjectRow[]> {
    const conditions: SQL[] = [eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId)];
    if (query.prefix) conditions.push(sql`${storageObjects.name} like ${likeEscape(query.prefix) + '%'}`);
    if (query.search) conditions.push(sql`${storageObjects.name} ilike ${'%' + likeEscape(query.search) + '%'}`);
    if (query.after !== undefined) conditions.push(query.order === 'asc' ? gt(storageObjects.name, query.after) : lt(storageObjects.name, query.after));
    const direction = query.order === 'asc' ? asc : desc;
    const column = SORT_COLUMNS[query.column];
    // Ties on the sort column are broken by name, so pages never overlap.
    const order = query.column === 'name' ? [direction(storageObjects.name)] : [direction(column), direction(storageObjects.name)];
    return tx
      .select()
      .from(storageObjects)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.after !== undefined ? 0 : query.offset);
  },

  async deleteObjectsByName(tx: Tx, businessId: string, bucketId: string, names: readonly string[]): Promise<ObjectRow[]> {
    if (names.length === 0) return [];
    return tx
      .delete(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId), inArray(storageObjects.name, [...names])))
      .returning();
  },

  /** Up to `limit` objects of the bucket, deleted; the caller repeats until none are left. */
  async deleteSomeObjects(tx: Tx, businessId: string, bucketId: string, limit: number): Promise<ObjectRow[]> {
    const ids = tx
      .select({ id: storageObjects.id })
      .from(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), eq(storageObjects.bucketId, bucketId)))
      .limit(limit);
    return tx
      .delete(storageObjects)
      .where(and(eq(storageObjects.businessId, businessId), inArray(storageObjects.id, ids)))
      .returning();
  },
};
