import { EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPTS_BUCKET, isWellFormedText, stripControlCharacters } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { auditActor, expenseNotFound } from './expense-errors.ts';
import { toExpenseView, type ExpenseView } from './expense-view.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

const MB = 1024 * 1024;
export const receiptTooLarge = () =>
  new AppError(413, 'receipt_too_large', `The receipt is larger than ${EXPENSE_RECEIPT_MAX_BYTES / MB} MB; take a smaller photo or scan and try again`);

/** The file name a person gave it, kept for display and downloads: one line, no path, at most 200 characters. */
function displayName(fileName: string | undefined, fallback: string): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const clean = stripControlCharacters(base).replace(/\n/g, ' ').trim().slice(0, 200);
  return isWellFormedText(clean) && clean !== '' ? clean : fallback;
}

/**
 * A receipt photo (JPEG, PNG, WebP) or PDF of at most 20 MB, recognised by its bytes, stored
 * through the files service in the expense-receipts bucket (photos shrunk to fit 2048 px,
 * EXIF and GPS removed). It is stored under a fresh name first and the expense points at it once
 * the transaction commits; the receipt it replaces is deleted only then, and a failed
 * transaction deletes the new object. Audited.
 */
export async function attachReceipt(
  database: Database,
  storage: StorageService,
  tenant: TenantContext,
  id: string,
  file: { bytes: Uint8Array; fileName?: string | undefined },
  signUrl: FileUrlSigner,
): Promise<ExpenseView> {
  requireAccess(tenant, EXPENSES_ACCESS);
  if (file.bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The receipt file is empty');
  if (file.bytes.byteLength > EXPENSE_RECEIPT_MAX_BYTES) throw receiptTooLarge();
  // A missing expense costs no write.
  await database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.findWithNames(tx, tenant.businessId, id))) throw expenseNotFound();
  });

  const actor = { userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null };
  let stored;
  try {
    stored = await storage.upload(tenant.businessId, EXPENSE_RECEIPTS_BUCKET, { bytes: file.bytes }, { folder: id, actor });
  } catch (error) {
    if (error instanceof AppError && ['mime_type_not_allowed', 'invalid_image'].includes(error.code)) {
      throw new AppError(415, 'unsupported_receipt', 'Use a photo (JPEG, PNG or WebP) or a PDF for the receipt');
    }
    if (error instanceof AppError && error.status === 413) throw receiptTooLarge();
    throw error;
  }
  const key = stored.object.name;
  let result: { view: ExpenseView; previousKey: string | null };
  try {
    result = await database.withTenant(tenant.businessId, async (tx) => {
      const current = await repo.findForUpdate(tx, tenant.businessId, id);
      if (!current) throw expenseNotFound();
      const fileName = displayName(file.fileName, key.slice(key.lastIndexOf('/') + 1));
      await repo.update(tx, tenant.businessId, id, {
        receiptKey: key,
        receiptContentType: stored.object.contentType,
        receiptSize: stored.object.size,
        receiptFileName: fileName,
        updatedAt: new Date(),
      });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense.receipt_attached',
        details: { expense_id: id, receipt_key: key, replaced_key: current.receiptKey, content_type: stored.object.contentType, size: stored.object.size },
      });
      const found = await repo.findWithNames(tx, tenant.businessId, id);
      return { view: toExpenseView(found!, signUrl), previousKey: current.receiptKey };
    });
  } catch (error) {
    await storage.remove(tenant.businessId, EXPENSE_RECEIPTS_BUCKET, [key]);
    throw error;
  }
  if (result.previousKey) await storage.remove(tenant.businessId, EXPENSE_RECEIPTS_BUCKET, [result.previousKey], actor);
  return result.view;
}

/** Takes the receipt off an expense and deletes it from storage. Audited. */
export async function removeReceipt(database: Database, storage: StorageService, tenant: TenantContext, id: string, signUrl: FileUrlSigner): Promise<ExpenseView> {
  requireAccess(tenant, EXPENSES_ACCESS);
  const { view, key } = await database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw expenseNotFound();
    if (current.receiptKey) {
      await repo.update(tx, tenant.businessId, id, { receiptKey: null, receiptContentType: null, receiptSize: null, receiptFileName: null, updatedAt: new Date() });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense.receipt_removed',
        details: { expense_id: id, receipt_key: current.receiptKey },
      });
    }
    const found = await repo.findWithNames(tx, tenant.businessId, id);
    return { view: toExpenseView(found!, signUrl), key: current.receiptKey };
  });
  if (key) await storage.remove(tenant.businessId, EXPENSE_RECEIPTS_BUCKET, [key], { userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });
  return view;
}
