import { OpenAPIHono, z } from '@hono/zod-openapi';
import { canSeeCosts, modifierGroupsInput } from '@till/core';
import type { Context } from 'hono';
import { AppError } from '../../lib/app-error.ts';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { uploadBodyLimit } from '../../lib/uploads.ts';
import { steppedUrlSigner } from '../storage/signed-url.ts';
import { adjustProductStock } from './adjust-product-stock.ts';
import { createProduct, type CreateProductInput } from './create-product.ts';
import { deleteProductImage } from './delete-product-image.ts';
import { exportProducts } from './export-products.ts';
import { findProductByBarcode } from './find-product-by-barcode.ts';
import { getProduct } from './get-product.ts';
import { importProducts } from './import-products.ts';
import { listProducts } from './list-products.ts';
import { listStockMovements } from './list-stock-movements.ts';
import {
  booleanQuery,
  createProductInput,
  cursorQuery,
  exportQuery,
  importInput,
  importQuery,
  limitQuery,
  productSchema,
  statusQuery,
  stockAdjustmentInput,
  stockMovementSchema,
  updateProductInput,
} from './product-schemas.ts';
import { setModifierGroups } from './set-modifier-groups.ts';
import { setProductActive } from './set-product-active.ts';
import { updateProduct, type UpdateProductInput } from './update-product.ts';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_BUCKET, uploadProductImage } from './upload-product-image.ts';

const inventory = { feature: 'inventory_management' } as const;
/** The till reads the catalogue under pos_system, whether or not the back office has inventory on. */
const till = business({ feature: 'pos_system', employeeFeature: 'pos' });
const idParams = z.object({ id: z.uuid() });
const productResponse = (description: string) => jsonResponse(z.object({ product: productSchema }), description);
const pageSchema = z.object({ products: z.array(productSchema), next_cursor: z.string().nullable() });

/** The search as the use-case takes it. */
function searchOf({ category_id: categoryId, ...rest }: z.infer<typeof searchQuery>) {
  return { ...rest, categoryId };
}

/** A create body as the use-case takes it (decision 070: the wire is snake_case). */
function createInputOf(body: z.infer<typeof createProductInput>): CreateProductInput {
  return {
    name: body.name,
    sku: body.sku,
    barcode: body.barcode,
    price: body.price,
    cost: body.cost,
    taxRateId: body.tax_rate_id,
    categoryId: body.category_id,
    trackStock: body.track_stock,
    initialStock: body.initial_stock,
    lowStockThreshold: body.low_stock_threshold,
  };
}

function updateInputOf(body: z.infer<typeof updateProductInput>): UpdateProductInput {
  return {
    name: body.name,
    sku: body.sku,
    barcode: body.barcode,
    price: body.price,
    cost: body.cost,
    taxRateId: body.tax_rate_id,
    categoryId: body.category_id,
    trackStock: body.track_stock,
    lowStockThreshold: body.low_stock_threshold,
  };
}

const signerOf = (c: Context<AppEnv>) => steppedUrlSigner(c.var.services.config.authSecret, c.var.tenant.businessId, PRODUCT_IMAGES_BUCKET);
/** How the caller sees products: cost prices only for those who manage stock. */
const viewerOf = (c: Context<AppEnv>) => ({ signUrl: signerOf(c), showCost: canSeeCosts(c.var.tenant.actor) });

/** The picture upload reads up to 10 MB (app.ts lets this path past its 1 MB limit): this limit applies instead. */
const imageBodyLimit = uploadBodyLimit(PRODUCT_IMAGE_MAX_BYTES, 'image_too_large', 'The image is larger than 10 MB; make it smaller and try again');

const searchQuery = z.strictObject({
  q: z.string().trim().max(100).optional().openapi({ description: 'Name contains (any case), or SKU / barcode equals' }),
  category_id: z.uuid().optional(),
  limit: limitQuery(50),
  cursor: cursorQuery,
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/products',
  access: business(inventory),
  tags: ['products'],
  summary: 'Search the catalogue by name (contains, any case), SKU or barcode (exact); by name, a page at a time (keyset cursor)',
  request: {
    query: searchQuery.extend({
      status: statusQuery,
      low_stock: booleanQuery.optional().openapi({ description: 'Only tracked products at or below their low-stock threshold' }),
    }),
  },
  responses: { 200: jsonResponse(pageSchema, 'One page'), ...errorResponses(400, 401, 403) },
});

const posListRoute = defineRoute({
  method: 'get',
  path: '/api/pos/products',
  access: till,
  tags: ['products', 'pos'],
  summary: 'The till: active products by name, searched like /api/products',
  request: { query: searchQuery },
  responses: { 200: jsonResponse(pageSchema, 'One page'), ...errorResponses(400, 401, 403) },
});

const barcodeParams = z.object({ code: z.string().min(1).max(64) });

const byBarcodeRoute = defineRoute({
  method: 'get',
  path: '/api/products/by-barcode/{code}',
  access: business(inventory),
  tags: ['products'],
  summary: 'The product with this barcode (archived ones too); 404 when none',
  request: { params: barcodeParams },
  responses: { 200: productResponse('The product'), ...errorResponses(400, 401, 403, 404) },
});

const posByBarcodeRoute = defineRoute({
  method: 'get',
  path: '/api/pos/products/by-barcode/{code}',
  access: till,
  tags: ['products', 'pos'],
  summary: 'A scan at the till: the active product with this barcode; 404 when none',
  request: { params: barcodeParams },
  responses: { 200: productResponse('The product'), ...errorResponses(400, 401, 403, 404) },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/products/export.csv',
  access: business(inventory),
  tags: ['products'],
  summary: 'The catalogue as CSV in the columns import reads; money as decimal text in the business currency',
  description:
    'stock is the quantity on hand in one store, the store the import counts: store_id, else the till’s or the employee’s store, else the main store; ' +
    'so a file exported from a store and imported into the same store changes nothing. Unknown or another business’s store 404, a closed store 422, a store the employee does not work in 403.',
  request: { query: exportQuery },
  responses: {
    200: { description: 'CSV: ' + 'name, sku, barcode, price, cost, tax_rate, category, track_stock, stock, low_stock_threshold', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const importRoute = defineRoute({
  method: 'post',
  path: '/api/products/import',
  access: business({ ...inventory, adminPermission: 'can_add_products' }),
  tags: ['products'],
  summary: 'Import a catalogue CSV (JSON { csv } or text/csv, at most 1 MB); all rows or none',
  description:
    'Columns: name, sku, barcode, price, cost, tax_rate, category, track_stock, stock, low_stock_threshold. ' +
    'A row whose SKU (else barcode) belongs to a product updates it; others create products. ' +
    'stock sets the quantity on hand in one store: store_id (in the JSON body, or the query for text/csv), else the till’s or the employee’s store, else the main store; other stores are untouched. ' +
    'Any bad row: 400 import_rejected with rows [{ row, field, message }] (header = row 1) and nothing imported.',
  request: {
    query: importQuery,
    body: {
      required: false,
      content: { 'application/json': { schema: importInput }, 'text/csv': { schema: z.string() } },
    },
  },
  responses: {
    200: jsonResponse(z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }), 'Imported'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/products',
  access: business({ ...inventory, adminPermission: 'can_add_products' }),
  tags: ['products'],
  summary: 'Add a product; money in minor units; initial_stock becomes an initial stock movement; 409 names a taken sku or barcode',
  request: { body: jsonBody(createProductInput) },
  responses: { 201: productResponse('Created'), ...errorResponses(400, 401, 403, 409, 422) },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/products/{id}',
  access: business(inventory),
  tags: ['products'],
  summary: 'One product',
  request: { params: idParams },
  responses: { 200: productResponse('The product'), ...errorResponses(400, 401, 403, 404) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/products/{id}',
  access: business(inventory),
  tags: ['products'],
  summary: 'Change a product: the price needs can_change_prices (audited), other fields can_edit_product_details; stock moves only by adjustments',
  request: { params: idParams, body: jsonBody(updateProductInput) },
  responses: { 200: productResponse('Changed'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const editDetails = business({ ...inventory, adminPermission: 'can_edit_product_details' });

const modifierGroupsRoute = defineRoute({
  method: 'put',
  path: '/api/products/{id}/modifier-groups',
  // Options carry prices: can_change_prices is checked too (set-modifier-groups.ts).
  access: editDetails,
  tags: ['products'],
  summary: 'Replace the modifier groups of a product (decision 035): options with price deltas, min and max choices',
  request: { params: idParams, body: jsonBody(modifierGroupsInput) },
  responses: { 200: productResponse('The product with its groups'), ...errorResponses(400, 401, 403, 404) },
});

const archiveRoute = defineRoute({
  method: 'post',
  path: '/api/products/{id}/archive',
  access: editDetails,
  tags: ['products'],
  summary: 'Take a product off the till and out of the default list; its history stays',
  request: { params: idParams },
  responses: { 200: productResponse('Archived'), ...errorResponses(400, 401, 403, 404) },
});

const restoreRoute = defineRoute({
  method: 'post',
  path: '/api/products/{id}/restore',
  access: editDetails,
  tags: ['products'],
  summary: 'Put an archived product back on sale',
  request: { params: idParams },
  responses: { 200: productResponse('Restored'), ...errorResponses(400, 401, 403, 404) },
});

const adjustRoute = defineRoute({
  method: 'post',
  path: '/api/products/{id}/stock-adjustments',
  access: business({ ...inventory, employeeFeature: 'inventory' }),
  tags: ['products'],
  summary: 'Add or remove stock with a reason: an adjustment movement, audited; expected_quantity refuses a count that is out of date',
  request: { params: idParams, body: jsonBody(stockAdjustmentInput) },
  responses: { 200: productResponse('Adjusted'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const movementsRoute = defineRoute({
  method: 'get',
  path: '/api/products/{id}/stock-movements',
  access: business(inventory),
  tags: ['products'],
  summary: "The product's stock ledger, newest first, with the quantity after each movement",
  request: { params: idParams, query: z.strictObject({ limit: limitQuery(50), cursor: cursorQuery }) },
  responses: {
    200: jsonResponse(z.object({ movements: z.array(stockMovementSchema), next_cursor: z.string().nullable() }), 'One page'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const uploadImageRoute = defineRoute({
  method: 'post',
  path: '/api/products/{id}/image',
  access: editDetails,
  tags: ['products'],
  summary: 'Set the picture: multipart/form-data with a file field, a PNG, JPEG or WebP of at most 10 MB (stored shrunk to 1024 px, without EXIF)',
  middleware: [imageBodyLimit],
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.instanceof(File, { message: 'Attach the picture as the "file" field' }).openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: { 200: productResponse('The product with its new image_url'), ...errorResponses(400, 401, 403, 404, 413, 415) },
});

const deleteImageRoute = defineRoute({
  method: 'delete',
  path: '/api/products/{id}/image',
  access: editDetails,
  tags: ['products'],
  summary: 'Remove the picture',
  request: { params: idParams },
  responses: { 200: productResponse('The product without a picture'), ...errorResponses(400, 401, 403, 404) },
});

async function csvOf(c: Context<AppEnv>, json: { csv?: string }): Promise<string> {
  if (/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) return c.req.text();
  if (json.csv === undefined) throw new AppError(400, 'validation_error', 'Send the file as JSON { "csv": "..." } or as text/csv');
  return json.csv;
}

// Fixed paths first: "export.csv" and "by-barcode" must not be read as product ids.
export const productsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { low_stock: lowStock, category_id: categoryId, ...query } = c.req.valid('query');
    return c.json(await listProducts(c.var.services.database, c.var.tenant.businessId, viewerOf(c), { ...query, categoryId, lowStock }), 200);
  })
  .openapi(exportRoute, async (c) => {
    const { status, store_id: storeId } = c.req.valid('query');
    const csv = await exportProducts(c.var.services.database, c.var.tenant, { status, storeId }, { withCost: canSeeCosts(c.var.tenant.actor) });
    const date = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="products-${date}.csv"`,
    });
  })
  .openapi(byBarcodeRoute, async (c) => {
    const product = await findProductByBarcode(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').code, viewerOf(c), { activeOnly: false });
    return c.json({ product }, 200);
  })
  .openapi(importRoute, async (c) => {
    const json = c.req.valid('json') as { csv?: string; store_id?: string };
    const csv = await csvOf(c, json);
    return c.json(await importProducts(c.var.services.database, c.var.tenant, csv, json.store_id ?? c.req.valid('query').store_id), 200);
  })
  .openapi(createRoute, async (c) => {
    return c.json({ product: await createProduct(c.var.services.database, c.var.tenant, createInputOf(c.req.valid('json')), signerOf(c)) }, 201);
  })
  .openapi(posListRoute, async (c) => {
    return c.json(await listProducts(c.var.services.database, c.var.tenant.businessId, viewerOf(c), { ...searchOf(c.req.valid('query')), status: 'active' }), 200);
  })
  .openapi(posByBarcodeRoute, async (c) => {
    const product = await findProductByBarcode(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').code, viewerOf(c), { activeOnly: true });
    return c.json({ product }, 200);
  })
  .openapi(getRoute, async (c) => {
    return c.json({ product: await getProduct(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, viewerOf(c)) }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const product = await updateProduct(c.var.services.database, c.var.tenant, c.req.valid('param').id, updateInputOf(c.req.valid('json')), signerOf(c));
    return c.json({ product }, 200);
  })
  .openapi(modifierGroupsRoute, async (c) => {
    const product = await setModifierGroups(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), signerOf(c));
    return c.json({ product }, 200);
  })
  .openapi(archiveRoute, async (c) => {
    return c.json({ product: await setProductActive(c.var.services.database, c.var.tenant, c.req.valid('param').id, false, signerOf(c)) }, 200);
  })
  .openapi(restoreRoute, async (c) => {
    return c.json({ product: await setProductActive(c.var.services.database, c.var.tenant, c.req.valid('param').id, true, signerOf(c)) }, 200);
  })
  .openapi(adjustRoute, async (c) => {
    const { delta, reason, expected_quantity: expectedQuantity } = c.req.valid('json');
    const product = await adjustProductStock(c.var.services.database, c.var.tenant, c.req.valid('param').id, { delta, reason, expectedQuantity }, signerOf(c));
    return c.json({ product }, 200);
  })
  .openapi(movementsRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listStockMovements(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, query), 200);
  })
  .openapi(uploadImageRoute, async (c) => {
    const { file } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const product = await uploadProductImage(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, bytes, signerOf(c));
    return c.json({ product }, 200);
  })
  .openapi(deleteImageRoute, async (c) => {
    return c.json({ product: await deleteProductImage(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, signerOf(c)) }, 200);
  });
