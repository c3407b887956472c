import type { ApiAnswer } from '@/lib/api';

/** The API's category (categories.routes.ts), as its route schema says; product_count counts active products. */
export type Category = ApiAnswer<'/api/categories'>['categories'][number];

/** Every categories query starts with this key (the products page reads ['categories', 'options'] too). */
export const categoriesKey = ['categories'] as const;

/** Colours to pick from: distinct on the till's tabs and readable as text on white. */
export const CATEGORY_COLORS = ['#dc2626', '#ea580c', '#ca8a04', '#16a34a', '#0d9488', '#0284c7', '#4f46e5', '#9333ea', '#db2777', '#57534e'] as const;
