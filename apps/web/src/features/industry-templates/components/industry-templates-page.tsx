import {
  FEATURE_NAMES,
  RECEIPT_TEXT_MAX,
  RECEIPT_TEXT_MAX_LINES,
  TEMPLATE_MAX_AREAS,
  TEMPLATE_MAX_CATEGORIES,
  TEMPLATE_MAX_INSPECTION_POINTS,
  TEMPLATE_MAX_PRODUCTS,
  TEMPLATE_MAX_TABLES,
  templateProblem,
  type EnabledFeatures,
  type Industry,
} from '@till/core';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { FEATURE_LABELS } from '@/lib/feature-labels';
import { INDUSTRY_LABELS, INDUSTRY_OPTIONS } from '@/lib/industries';
import { currencyOptions } from '@/lib/locale-options';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useIndustryTemplates, useSaveIndustryTemplate, type IndustryTemplate } from '../api/industry-templates';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

interface ProductDraft {
  key: number;
  name: string;
  price: string;
  category: string;
}

interface AreaDraft {
  key: number;
  name: string;
  tables: { key: number; name: string; seats: string }[];
}

let nextKey = 1;

/** The form's state from a template (the saved one after a save: the server's trimmed names). */
function draftOf(template: IndustryTemplate) {
  return {
    features: template.enabled_features as EnabledFeatures,
    currency: template.currency,
    categories: template.categories.map((name) => ({ key: nextKey++, name })),
    products: template.products.map((product): ProductDraft => ({ key: nextKey++, name: product.name, price: minorToDecimalText(product.price, template.currency), category: product.category ?? '' })),
    receiptHeader: template.receipt_header ?? '',
    receiptFooter: template.receipt_footer ?? '',
    areas: template.dining_areas.map((area): AreaDraft => ({ key: nextKey++, name: area.name, tables: area.tables.map((table) => ({ key: nextKey++, name: table.name, seats: String(table.seats) })) })),
    points: template.inspection_points.map((name) => ({ key: nextKey++, name })),
  };
}

function TemplateForm({ template }: { template: IndustryTemplate }) {
  const label = INDUSTRY_LABELS[template.industry];
  const save = useSaveIndustryTemplate();
  // The form is not re-mounted when a save finishes (that dropped the save's toast and error): a
  // successful save puts the saved template back into this state instead.
  const [draft, setDraft] = useState(() => draftOf(template));
  const { features, currency, categories, products, receiptHeader, receiptFooter, areas, points } = draft;
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setCategories = (value: typeof categories) => set('categories', value);
  const setProducts = (value: ProductDraft[]) => set('products', value);
  const setFeatures = (value: EnabledFeatures) => set('features', value);
  const setAreas = (value: AreaDraft[]) => set('areas', value);
  const setPoints = (value: typeof points) => set('points', value);
  const [problem, setProblem] = useState<string | null>(null);
  const categoryNames = categories.map((category) => category.name.trim()).filter(Boolean);
  const currencies = useMemo(() => currencyOptions(currency), [currency]);
  const pricePlaceholder = minorToDecimalText(0, currency);
  const tableCount = areas.reduce((sum, area) => sum + area.tables.length, 0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsedProducts = [];
    for (const product of products) {
      const price = parseMoneyText(product.price.trim() || '0', currency);
      if (!price.ok) return setProblem(`${product.name.trim() || 'A product'}: ${price.message}`);
      if (!product.name.trim()) return setProblem('Every sample product needs a name');
      parsedProducts.push({ name: product.name.trim(), price: price.amount, category: product.category || null });
    }
    if (categories.some((category) => !category.name.trim())) return setProblem('Every starter category needs a name');
    const diningAreas = [];
    for (const area of areas) {
      if (!area.name.trim()) return setProblem('Every area of the table plan needs a name');
      const tables = [];
      for (const table of area.tables) {
        const seats = Number(table.seats);
        if (!table.name.trim()) return setProblem(`Every table in ${area.name.trim()} needs a name`);
        if (!Number.isInteger(seats) || seats < 1 || seats > 40) return setProblem(`${table.name.trim()}: seats are a whole number from 1 to 40`);
        tables.push({ name: table.name.trim(), seats });
      }
      diningAreas.push({ name: area.name.trim(), tables });
    }
    if (points.some((point) => !point.name.trim())) return setProblem('Every checklist point needs a name');
    const body = {
      enabled_features: features,
      categories: categoryNames,
      products: parsedProducts,
      currency,
      receipt_header: receiptHeader.trim() || null,
      receipt_footer: receiptFooter.trim() || null,
      dining_areas: diningAreas,
      inspection_points: points.map((point) => point.name.trim()),
    };
    const found = templateProblem(body);
    if (found) return setProblem(found.message);
    setProblem(null);
    save.mutate(
      { industry: template.industry, template: body },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer.template));
          toast.success(`${label} template saved; new ${label.toLowerCase()} businesses start with it`);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <form className="grid max-w-4xl gap-6" onSubmit={submit} aria-label={`${label} template`}>
      {problem ? <ErrorAlert message={problem} /> : save.isError ? <ErrorAlert error={save.error} /> : null}

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 font-medium">Starter categories</legend>
        {categories.length === 0 ? <p className="text-sm text-muted-foreground">None: new businesses start without categories.</p> : null}
        <ol className="grid gap-2">
          {categories.map((category, index) => (
            <li key={category.key} className="flex items-center gap-2">
              <Input
                aria-label={`Category ${index + 1}`}
                value={category.name}
                maxLength={100}
                onChange={(event) => setCategories(categories.map((item) => (item.key === category.key ? { ...item, name: event.target.value } : item)))}
              />
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove category ${category.name || index + 1}`} onClick={() => setCategories(categories.filter((item) => item.key !== category.key))}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        <Button type="button" variant="outline" className="justify-self-start" disabled={categories.length >= TEMPLATE_MAX_CATEGORIES} onClick={() => setCategories([...categories, { key: nextKey++, name: '' }])}>
          <Plus aria-hidden /> Add category
        </Button>
      </fieldset>

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 font-medium">Sample products</legend>
        {products.length === 0 ? <p className="text-sm text-muted-foreground">None: new businesses start with an empty catalogue.</p> : null}
        <ol className="grid gap-3">
          {products.map((product, index) => {
            const update = (patch: Partial<ProductDraft>) => setProducts(products.map((item) => (item.key === product.key ? { ...item, ...patch } : item)));
            return (
              <li key={product.key} className="grid gap-2 border-b pb-3 last:border-b-0 sm:grid-cols-[1fr_8rem_12rem_auto] sm:items-center sm:border-b-0 sm:pb-0">
                <Input aria-label={`Product ${index + 1} name`} placeholder="Name" value={product.name} maxLength={200} onChange={(event) => update({ name: event.target.value })} />
                <Input aria-label={`Product ${index + 1} price`} placeholder={pricePlaceholder} inputMode="decimal" value={product.price} onChange={(event) => update({ price: event.target.value })} />
                <select className={selectClass} aria-label={`Product ${index + 1} category`} value={product.category} onChange={(event) => update({ category: event.target.value })}>
                  <option value="">No category</option>
                  {categoryNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove product ${product.name || index + 1}`} onClick={() => setProducts(products.filter((item) => item.key !== product.key))}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={products.length >= TEMPLATE_MAX_PRODUCTS}
          onClick={() => setProducts([...products, { key: nextKey++, name: '', price: '', category: '' }])}
        >
          <Plus aria-hidden /> Add product
        </Button>
        <div className="grid gap-1 sm:max-w-xs">
          <Label htmlFor={`${template.industry}-currency`}>Prices typed in</Label>
          <select id={`${template.industry}-currency`} className={selectClass} value={currency} onChange={(event) => set('currency', event.target.value)}>
            {currencies.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-muted-foreground">
          A business with another currency gets the same amounts in its own (9.50 becomes 10 in a currency without cents). Sample products are not stock-tracked and carry no tax rate, and
          only as many as the new business's plan allows are added.
        </p>
      </fieldset>

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 font-medium">Receipt texts</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${template.industry}-receipt-header`}>Receipt header</Label>
            <Textarea id={`${template.industry}-receipt-header`} rows={3} maxLength={RECEIPT_TEXT_MAX} value={receiptHeader} onChange={(event) => set('receiptHeader', event.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${template.industry}-receipt-footer`}>Receipt footer</Label>
            <Textarea id={`${template.industry}-receipt-footer`} rows={3} maxLength={RECEIPT_TEXT_MAX} value={receiptFooter} onChange={(event) => set('receiptFooter', event.target.value)} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">Printed under the business name and after "Thank you!" (up to {RECEIPT_TEXT_MAX_LINES} lines); the owner can change them in Settings.</p>
      </fieldset>

      {template.industry === 'restaurant' ? (
        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 font-medium">Table plan</legend>
          {areas.length === 0 ? <p className="text-sm text-muted-foreground">None: new restaurants draw their own plan.</p> : null}
          <ol className="grid gap-4">
            {areas.map((area, areaIndex) => {
              const updateArea = (patch: Partial<AreaDraft>) => setAreas(areas.map((item) => (item.key === area.key ? { ...item, ...patch } : item)));
              const areaName = area.name || `area ${areaIndex + 1}`;
              return (
                <li key={area.key} className="grid gap-2 rounded-md border p-3">
                  <div className="flex items-center gap-2">
                    <Input aria-label={`Area ${areaIndex + 1} name`} placeholder="Area, e.g. Terrace" value={area.name} maxLength={40} onChange={(event) => updateArea({ name: event.target.value })} />
                    <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${areaName}`} onClick={() => setAreas(areas.filter((item) => item.key !== area.key))}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                  <ol className="grid gap-2 sm:pl-4">
                    {area.tables.map((table, tableIndex) => {
                      const updateTable = (patch: Partial<AreaDraft['tables'][number]>) => updateArea({ tables: area.tables.map((item) => (item.key === table.key ? { ...item, ...patch } : item)) });
                      return (
                        <li key={table.key} className="grid grid-cols-[1fr_6rem_auto] items-center gap-2">
                          <Input aria-label={`${areaName} table ${tableIndex + 1} name`} placeholder="Table" value={table.name} maxLength={20} onChange={(event) => updateTable({ name: event.target.value })} />
                          <Input aria-label={`${areaName} table ${tableIndex + 1} seats`} inputMode="numeric" value={table.seats} onChange={(event) => updateTable({ seats: event.target.value })} />
                          <Button type="button" variant="ghost" size="icon" aria-label={`Remove table ${table.name || tableIndex + 1} of ${areaName}`} onClick={() => updateArea({ tables: area.tables.filter((item) => item.key !== table.key) })}>
                            <Trash2 aria-hidden />
                          </Button>
                        </li>
                      );
                    })}
                  </ol>
                  <Button
                    type="button"
                    variant="outline"
                    className="justify-self-start sm:ml-4"
                    disabled={tableCount >= TEMPLATE_MAX_TABLES}
                    onClick={() => updateArea({ tables: [...area.tables, { key: nextKey++, name: '', seats: '4' }] })}
                  >
                    <Plus aria-hidden /> Add table to {areaName}
                  </Button>
                </li>
              );
            })}
          </ol>
          <Button type="button" variant="outline" className="justify-self-start" disabled={areas.length >= TEMPLATE_MAX_AREAS} onClick={() => setAreas([...areas, { key: nextKey++, name: '', tables: [] }])}>
            <Plus aria-hidden /> Add area
          </Button>
          <p className="text-sm text-muted-foreground">Table names are unique across the plan; the owner arranges the tables on the till's plan.</p>
        </fieldset>
      ) : null}

      {template.industry === 'mechanics' ? (
        <fieldset className="grid gap-3 rounded-lg border p-4">
          <legend className="px-1 font-medium">Inspection checklist</legend>
          {points.length === 0 ? <p className="text-sm text-muted-foreground">None: new workshops start with the built-in checklist (brakes, tyres, lights...).</p> : null}
          <ol className="grid gap-2">
            {points.map((point, index) => (
              <li key={point.key} className="flex items-center gap-2">
                <Input
                  aria-label={`Checklist point ${index + 1}`}
                  value={point.name}
                  maxLength={100}
                  onChange={(event) => setPoints(points.map((item) => (item.key === point.key ? { ...item, name: event.target.value } : item)))}
                />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove checklist point ${point.name || index + 1}`} onClick={() => setPoints(points.filter((item) => item.key !== point.key))}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <Button type="button" variant="outline" className="justify-self-start" disabled={points.length >= TEMPLATE_MAX_INSPECTION_POINTS} onClick={() => setPoints([...points, { key: nextKey++, name: '' }])}>
            <Plus aria-hidden /> Add checklist point
          </Button>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 font-medium">Features switched on</legend>
        <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURE_NAMES.map((name) => (
            <Label key={name} className="flex min-h-11 items-center gap-2 font-normal sm:min-h-8">
              <input type="checkbox" className="size-4" checked={features[name]} onChange={(event) => setFeatures({ ...features, [name]: event.target.checked })} />
              {FEATURE_LABELS[name]}
            </Label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : `Save ${label.toLowerCase()} template`}
        </Button>
        <span className="text-sm text-muted-foreground">{template.updated_at ? `Last saved ${new Date(template.updated_at).toLocaleString()}` : 'Never edited: the built-in setup.'}</span>
      </div>
    </form>
  );
}

/** /superadmin/industry-templates: what a new business of each SPEC §1 industry starts with. */
export function IndustryTemplatesPage() {
  const templates = useIndustryTemplates();
  const [industry, setIndustry] = useState<Industry>('retail');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Industry Templates"
        description="What a new business starts with, per industry: its features, starter categories and sample products, receipt texts, and a restaurant's table plan or a workshop's inspection checklist. Owners can choose to start empty at sign-up; existing businesses are not changed."
      />
      {templates.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading templates...
        </p>
      ) : templates.isError ? (
        <ErrorAlert title="The templates could not be loaded" error={templates.error} />
      ) : (
        <Tabs value={industry} onValueChange={(value) => setIndustry(value as Industry)}>
          <TabsList>
            {INDUSTRY_OPTIONS.map((option) => (
              <TabsTrigger key={option.value} value={option.value}>
                {option.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {templates.data.map((template) => (
            <TabsContent key={template.industry} value={template.industry} className="pt-4">
              <TemplateForm template={template} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
