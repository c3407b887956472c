import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useProductRecommendations, type ProductRecommendations } from '../api/ai-modules';
import { percent } from '../utils/format';
import { ComputedNote, DataTable, ModuleState, NeedsHistory } from './shared';

/** /ai/product-recommendation: products bought together (association rules). */
export function ProductRecommendationsPage() {
  const rules = useProductRecommendations();
  return (
    <div className="grid gap-6">
      <PageHeader title="Product Recommendations" description="Products your customers buy together, worked out from the last year’s sales." />
      <ModuleState query={rules} label="The recommendations" />
      {rules.data ? <Rules data={rules.data} /> : null}
    </div>
  );
}

function Rules({ data }: { data: ProductRecommendations }) {
  return (
    <div className="grid gap-6">
      {data.status === 'insufficient_history' ? (
        <NeedsHistory title="Not enough sales history yet">
          <p>
            Rules need at least {data.required_multi_item_baskets} sales with two or more different products in the last year; there{' '}
            {data.multi_item_baskets === 1 ? 'is 1' : `are ${data.multi_item_baskets}`} so far. A pair shows up here once it has been bought together {data.min_rule_count} times.
          </p>
        </NeedsHistory>
      ) : null}
      <section aria-label="Baskets" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard label="Sales looked at" value={String(data.baskets)} hint="Last 12 months" />
        <StatCard label="With 2+ products" value={String(data.multi_item_baskets)} />
        <StatCard label="Rules found" value={String(data.total_rules)} />
      </section>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Bought together</CardTitle>
          <CardDescription>
            Support: share of all sales with both. Confidence: of the sales with the first, the share that also had the second. Lift: how many times likelier the second is with the
            first than in any sale (above 1 means they go together).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Association rules"
            columns={[
              { header: 'Customers who buy', className: 'min-w-36 whitespace-normal', cell: (row) => row.antecedent.map((product) => product.name).join(' + ') },
              { header: 'Also buy', className: 'min-w-28 whitespace-normal', cell: (row) => <span className="font-medium">{row.consequent.name}</span> },
              { header: 'Sales', numeric: true, cell: (row) => row.count },
              { header: 'Support', numeric: true, cell: (row) => percent(row.support) },
              { header: 'Confidence', numeric: true, cell: (row) => percent(row.confidence, 0) },
              { header: 'Lift', numeric: true, cell: (row) => row.lift.toFixed(2) },
            ]}
            rows={data.rules}
            rowKey={(row) => `${row.antecedent.map((product) => product.product_id).join('+')}>${row.consequent.product_id}`}
            empty="No products are bought together often enough yet."
          />
        </CardContent>
      </Card>
      <ComputedNote computedAt={data.computed_at}>Archived products still count in the rules, as they were sold.</ComputedNote>
    </div>
  );
}
