export interface CategoryView {
  id: string;
  name: string;
  color: string | null;
  sortOrder: number;
  isActive: boolean;
  /** Active products in the category. */
  productCount: number;
}

export function toCategoryView(row: CategoryView): CategoryView {
  return { id: row.id, name: row.name, color: row.color, sortOrder: row.sortOrder, isActive: row.isActive, productCount: row.productCount };
}
