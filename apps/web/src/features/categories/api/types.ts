/** The API's category (apps/server/src/modules/categories/categories.routes.ts). */
export interface Category {
  id: string;
  name: string;
  color: string | null;
  sortOrder: number;
  isActive: boolean;
  /** Active products in it. */
  productCount: number;
}

export interface CategoryResponse {
  category: Category;
}

/** Every categories query starts with this key (the products page reads ['categories', 'options'] too). */
export const categoriesKey = ['categories'] as const;

/** Colours to pick from: distinct on the till's tabs and readable as text on white. */
export const CATEGORY_COLORS = ['#dc2626', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#0284c7', '#4f46e5', '#9333ea', '#db2777', '#57534e'] as const;
