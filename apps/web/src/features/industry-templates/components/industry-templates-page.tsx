import { FEATURE_NAMES, TEMPLATE_MAX_CATEGORIES, TEMPLATE_MAX_PRODUCTS, templateProblem, type EnabledFeatures, type Industry } from '@till/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { FEATURE_LABELS } from '@/lib/feature-labels';
import { INDUSTRY_LABELS, INDUSTRY_OPTIONS } from '@/lib/industries';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useIndustryTemplates, useSaveIndustryTemplate, type IndustryTemplate } from '../api/industry-templates';

/** Template prices are typed with two decimals, as in most currencies; they are stored in minor units. */
const PRICE_CURRENCY = 'USD';
const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

interface ProductDraft {
  key: number;
  name: string;
  price: string;
  category: string;
}

let nextKey = 1;

function TemplateForm({ template }: { template: IndustryTemplate }) {
  const label = INDUSTRY_LABELS[template.industry];
  const save = useSaveIndustryTemplate();
  const [features, setFeatures] = useState<EnabledFeatures>(template.enabled_features as EnabledFeatures);
  const [categories, setCategories] = useState<{ key: number; name: string }[]>(() => template.categories.map((name) => ({ key: nextKey++, name })));
  const [products, setProducts] = useState<ProductDraft[]>(() =>
    template.products.map((product) => ({ key: nextKey++, name: product.name, price: minorToDecimalText(product.price, PRICE_CURRENCY), category: product.category ?? '' })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const categoryNames = categories.map((category) => category.name.trim()).filter(Boolean);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsedProducts = [];
    for (const product of products) {
      const price = parseMoneyText(product.price.trim() || '0', PRICE_CURRENCY);
      if (!price.ok) return setProblem(`${product.name.trim() || 'A product'}: ${price.message}`);
      if (!product.name.trim()) return setProblem('Every sample product needs a name');
      parsedProducts.push({ name: product.name.trim(), price: price.amount, category: product.category || null });
    }
    if (categories.some((category) => !category.name.trim())) return setProblem('Every starter category needs a name');
    const body = { enabled_features: features, categories: categoryNames, products: parsedProducts };
    const found = templateProblem(body);
    if (found) return setProblem(found.message);
    setProblem(null);
    save.mutate(
      { industry: template.industry, template: body },
      { onSuccess: () => toast.success(`${label} template saved; new ${label.toLowerCase()} businesses start with it`), onError: (error) => toast.error(errorMessage(error)) },
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
                <Input aria-label={`Product ${index + 1} price`} placeholder="0.00" inputMode="decimal" value={product.price} onChange={(event) => update({ price: event.target.value })} />
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
        <p className="text-sm text-muted-foreground">Prices are in the new business's currency. Sample products are not stock-tracked and carry no tax rate.</p>
      </fieldset>

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
        description="What a new business starts with, per industry: its features, starter categories and sample products. Owners can choose to start empty at sign-up; existing businesses are not changed."
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
              <TemplateForm key={template.updated_at ?? 'built-in'} template={template} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
