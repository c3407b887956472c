import { CUSTOMER_TAG_MAX_LENGTH, CUSTOMER_TAGS_MAX, parseTagList } from '@till/core';
import { TagIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateCustomerTags } from '../api/update-customer-tags';
import type { Customer } from '../api/types';

/**
 * A customer's tags on the customer page (decision 065): typed as a comma-separated list, kept
 * lower-cased and each once; marketing segments can pick customers by them.
 */
export function CustomerTagsEditor({ customer }: { customer: Customer }) {
  const save = useUpdateCustomerTags();
  const [text, setText] = useState(customer.tags.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const typed = parseTagList(text);
  const changed = typed.join(',') !== customer.tags.join(',');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const long = typed.find((tag) => tag.length > CUSTOMER_TAG_MAX_LENGTH);
    if (long) return setProblem(`"${long.slice(0, 20)}…" is longer than ${CUSTOMER_TAG_MAX_LENGTH} characters`);
    if (typed.length > CUSTOMER_TAGS_MAX) return setProblem(`At most ${CUSTOMER_TAGS_MAX} tags`);
    setProblem(null);
    save.mutate(
      { id: customer.id, tags: typed },
      {
        onSuccess: (saved) => {
          setText(saved.tags.join(', '));
          toast.success(saved.tags.length ? `Tags saved: ${saved.tags.join(', ')}` : 'Tags removed');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-2" aria-label="Tags">
      <Label htmlFor={`customer-tags-${customer.id}`} className="inline-flex items-center gap-2">
        <TagIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        Tags
      </Label>
      {customer.tags.length ? (
        <ul className="flex flex-wrap gap-1" aria-label="Current tags">
          {customer.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input id={`customer-tags-${customer.id}`} value={text} placeholder="vip, wholesale" autoComplete="off" onChange={(event) => setText(event.target.value)} />
        <Button type="submit" variant="outline" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save tags'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Separate tags with commas. Marketing segments can pick customers by tag.</p>
      {problem ? <ErrorAlert message={problem} /> : save.isError ? <ErrorAlert title="Tags not saved" error={save.error} /> : null}
    </form>
  );
}
