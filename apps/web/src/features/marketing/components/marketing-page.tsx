import { describeSegment, formatMoney, rulesFromWire } from '@till/core';
import { Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useDeleteSegment, useSegments, type Segment } from '../api/marketing-api';
import { CampaignsSection } from './campaigns-section';
import { SegmentBuilder } from './segment-builder';

function SavedSegments({ segments, currency }: { segments: Segment[]; currency: string }) {
  const remove = useDeleteSegment();
  if (segments.length === 0) return null;
  return (
    <section aria-labelledby="saved-segments-heading" className="grid gap-3">
      <h2 id="saved-segments-heading" className="text-lg font-semibold">
        Saved segments
      </h2>
      <ul aria-label="Saved segments" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {segments.map((segment) => (
          <li key={segment.id} className="flex items-start justify-between gap-2 rounded-lg border p-3">
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium">{segment.name}</p>
              <p className="text-sm text-muted-foreground">{describeSegment(rulesFromWire(segment.rules), (minor) => formatMoney(minor, currency))}</p>
              <p className="text-sm">
                {segment.count} {segment.count === 1 ? 'customer' : 'customers'} · {segment.reachable} reachable
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete segment ${segment.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(segment.id, { onSuccess: () => toast.success('Segment deleted'), onError: (error) => toast.error(errorMessage(error)) })}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /marketing (SPEC §2, login guarded; decision 051): customer segments by spend and visits with a
 * live count, saved segments, and e-mail campaigns with their sends, clicks and sales after.
 */
export function MarketingPage() {
  const currency = useMe().data?.business?.currency ?? 'USD';
  const segments = useSegments();
  return (
    <div className="grid gap-6">
      <PageHeader title="Marketing" description="Find the customers to bring back, write to them, and see what came of it." />
      {segments.isError ? (
        <ErrorAlert title="Marketing could not be loaded" error={segments.error} />
      ) : (
        <>
          <SegmentBuilder currency={currency} />
          <SavedSegments segments={segments.data ?? []} currency={currency} />
          <CampaignsSection segments={segments.data ?? []} />
        </>
      )}
    </div>
  );
}
