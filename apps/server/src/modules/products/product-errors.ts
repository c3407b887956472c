import { AppError, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export type CodeField = 'sku' | 'barcode';

const LABEL: Record<CodeField, string> = { sku: 'SKU', barcode: 'barcode' };

/** 409 naming the field and the product that already holds the code. */
export function codeTaken(field: CodeField, value: string, owner?: { id: string; name: string; isActive: boolean }): AppError {
  const whose = owner ? ` by "${owner.name}"${owner.isActive ? '' : ' (archived)'}` : '';
  return new AppError(409, `${field}_taken`, `The ${LABEL[field]} ${value} is already used${whose}`, {
    field,
    ...(owner ? { product_id: owner.id } : {}),
  });
}

/** The unique index a violation came from (products_business_sku / products_business_barcode). */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string') {
      const named = /"(products_business_(?:sku|barcode))"/.exec(message);
      if (named) return named[1];
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The check before a write names the product holding a code; a write that still races into
 * the unique index gets the same 409 without the name.
 */
export async function withCodeConflicts<T>(codes: { sku?: string | null | undefined; barcode?: string | null | undefined }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const constraint = violatedConstraint(error);
    if (constraint === 'products_business_sku' && codes.sku) throw codeTaken('sku', codes.sku);
    if (constraint === 'products_business_barcode' && codes.barcode) throw codeTaken('barcode', codes.barcode);
    throw conflict('product_conflict', 'Another change to the catalogue got there first; try again');
  }
}
