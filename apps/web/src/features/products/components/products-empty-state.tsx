import { FileUpIcon, PackagePlusIcon, SearchXIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** No products at all: what the page is for, and the first things to do. */
export function NoProductsYet({ canAdd, onAdd, onImport }: { canAdd: boolean; onAdd: () => void; onImport: () => void }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 py-10 text-center">
        <PackagePlusIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <div className="grid max-w-md gap-1">
          <h2 className="text-lg font-semibold">Add what you sell</h2>
          <p className="text-sm text-muted-foreground">
            Products are what you ring up at the till. Each has a price, and can have a barcode to scan, a category for the till&apos;s tabs and a stock count
            that sales keep up to date.
          </p>
        </div>
        {canAdd ? (
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={onAdd}>
              <PackagePlusIcon aria-hidden="true" /> Add your first product
            </Button>
            <Button variant="outline" onClick={onImport}>
              <FileUpIcon aria-hidden="true" /> Import a CSV file
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Ask the owner or an admin with the can_add_products permission to add products.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Filters that match nothing: say so and offer the way back. */
export function NoMatches({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed py-10 text-center">
      <SearchXIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm">{query ? <>No products match &ldquo;{query}&rdquo;.</> : 'No products match these filters.'}</p>
      <p className="max-w-sm text-xs text-muted-foreground">Search looks for names containing the text, and for an exact SKU or barcode.</p>
      <Button variant="outline" onClick={onClear}>
        Clear search and filters
      </Button>
    </div>
  );
}
