import { ArchiveIcon, ArchiveRestoreIcon, BoxesIcon, ListChecksIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { CatalogueAccess } from '@/lib/catalogue-access';
import { formatMoney } from '@/lib/money';
import type { Product } from '../api/types';
import { ProductThumbnail } from './product-thumbnail';
import { StockCell } from './stock-cell';

interface ProductsTableProps {
  products: Product[];
  currency: string;
  access: CatalogueAccess;
  onEdit: (product: Product) => void;
  onStock: (product: Product) => void;
  onArchive: (product: Product) => void;
  /** Decision 035: shown to those who may edit details and prices. */
  onModifiers?: ((product: Product) => void) | undefined;
  onRestore: (product: Product) => void;
}

export function ProductsTable({ products, currency, access, onEdit, onStock, onArchive, onRestore, onModifiers }: ProductsTableProps) {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const canEdit = access.canEditDetails || access.canChangePrices;
  // Cost prices (average cost after receiving goods) for those who manage stock, as the server shows them.
  const showCost = access.canAdjustStock;
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Product</TableHead>
          <TableHead className="hidden md:table-cell">SKU</TableHead>
          <TableHead className="hidden lg:table-cell">Barcode</TableHead>
          <TableHead className="hidden md:table-cell">Category</TableHead>
          <TableHead className="text-right">Price</TableHead>
          {showCost ? <TableHead className="hidden text-right lg:table-cell">Cost</TableHead> : null}
          <TableHead className="hidden text-right sm:table-cell">Stock</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id} className={product.is_active ? undefined : 'text-muted-foreground'}>
            <TableCell>
              <div className="flex min-w-36 items-center gap-3">
                <ProductThumbnail name={product.name} imageUrl={product.image_url} color={product.category?.color ?? null} />
                <div className="grid min-w-0 gap-0.5">
                  {canEdit ? (
                    <button
                      type="button"
                      onClick={() => onEdit(product)}
                      className="line-clamp-2 min-h-11 text-left font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                    >
                      {product.name}
                    </button>
                  ) : (
                    <span className="line-clamp-2 font-medium break-words">{product.name}</span>
                  )}
                  <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground md:hidden">
                    {product.sku ? <span>SKU {product.sku}</span> : null}
                    {product.category ? <span>{product.category.name}</span> : null}
                  </span>
                  {product.track_stock ? (
                    <span className="text-xs sm:hidden">
                      <StockCell product={product} /> in stock
                    </span>
                  ) : null}
                  {!product.is_active ? <Badge variant="outline">Archived</Badge> : null}
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden font-mono text-xs md:table-cell">{product.sku ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className="hidden font-mono text-xs lg:table-cell">{product.barcode ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className="hidden md:table-cell">
              {product.category ? (
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden="true" className="size-2.5 rounded-full border" style={{ backgroundColor: product.category.color ?? 'transparent' }} />
                  {product.category.name}
                </span>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(product.price, currency, locale)}</TableCell>
            {showCost ? (
              <TableCell className="hidden text-right whitespace-nowrap tabular-nums lg:table-cell">
                {product.cost === null ? <span className="text-muted-foreground">—</span> : formatMoney(product.cost, currency, locale)}
              </TableCell>
            ) : null}
            <TableCell className="hidden text-right whitespace-nowrap sm:table-cell">
              <StockCell product={product} />
            </TableCell>
            <TableCell className="text-right">
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for ${product.name}`}>
                    <MoreHorizontalIcon aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {canEdit ? (
                    <DropdownMenuItem onSelect={() => onEdit(product)}>
                      <PencilIcon aria-hidden="true" /> Edit
                    </DropdownMenuItem>
                  ) : null}
                  {onModifiers ? (
                    <DropdownMenuItem onSelect={() => onModifiers(product)}>
                      <ListChecksIcon aria-hidden="true" /> Modifiers{product.modifier_groups.length ? ` (${product.modifier_groups.length})` : ''}
                    </DropdownMenuItem>
                  ) : null}
                  {product.track_stock ? (
                    <DropdownMenuItem onSelect={() => onStock(product)}>
                      <BoxesIcon aria-hidden="true" /> {access.canAdjustStock ? 'Adjust stock' : 'Stock history'}
                    </DropdownMenuItem>
                  ) : null}
                  {access.canEditDetails ? (
                    product.is_active ? (
                      <DropdownMenuItem onSelect={() => onArchive(product)}>
                        <ArchiveIcon aria-hidden="true" /> Archive
                      </DropdownMenuItem>
                    ) : (
                      <DropdownMenuItem onSelect={() => onRestore(product)}>
                        <ArchiveRestoreIcon aria-hidden="true" /> Restore
                      </DropdownMenuItem>
                    )
                  ) : null}
                  {!canEdit && !product.track_stock && !access.canEditDetails ? <DropdownMenuItem disabled>No actions for your role</DropdownMenuItem> : null}
                </DropdownMenuContent>
              </DropdownMenu>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
