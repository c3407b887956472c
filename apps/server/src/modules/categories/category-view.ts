/** A category as the repository lists it: its columns and how many active products it holds. */
export interface CategoryListRow {
  id: string;
  name: string;
  color: string | null;
  sortOrder: number;
  isActive: boolean;
  /** Active products in the category. */
  productCount: number;
}

/** A category on the wire (decision 070: snake_case). */
export interface CategoryView {
  id: string;
  name: string;
  color: string | null;
  sort_order: number;
  is_active: boolean;
  /** Active products in the category. */
  product_count: number;
}

export function toCategoryView(row: CategoryListRow): CategoryView {
  return { id: row.id, name: row.name, color: row.color, sort_order: row.sortOrder, is_active: row.isActive, product_count: row.productCount };
}
