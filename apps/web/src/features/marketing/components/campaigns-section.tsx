import { ATTRIBUTION_DAYS_DEFAULT, CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX, formatMoney } from '@till/core';
import { MailIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useCampaigns, useCreateCampaign, useSendCampaign, type Campaign, type Segment } from '../api/marketing-api';

const dateTime = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * Writes the campaign, then sends it with one idempotency key kept for this form: a retry after a
 * failed answer re-sends the same campaign with the same key, never a second campaign.
 */
function CampaignForm({ segments }: { segments: Segment[] }) {
  const create = useCreateCampaign();
  const send = useSendCampaign();
  const [segmentId, setSegmentId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [days, setDays] = useState(String(ATTRIBUTION_DAYS_DEFAULT));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ id: string; key: string } | null>(null);
  const segment = segments.find((option) => option.id === segmentId);
  const busy = create.isPending || send.isPending;

  const sendNow = (target: { id: string; key: string }) =>
    send.mutate(
      { id: target.id, idempotencyKey: target.key },
      {
        onSuccess: (campaign) => {
          toast.success(`Campaign sent to ${campaign.results.sends} ${campaign.results.sends === 1 ? 'customer' : 'customers'}`);
          setPending(null);
          setSubject('');
          setBody('');
          setLinkUrl('');
        },
      },
    );

  return (
    <form
      noValidate
      aria-label="New campaign"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return sendNow(pending);
        const found: Record<string, string> = {};
        if (!segment) found.segment = 'Choose a saved segment';
        if (subject.trim() === '') found.subject = 'Write a subject';
        if (body.trim() === '') found.body = 'Write the message';
        if (linkUrl.trim() !== '' && !/^https?:\/\/\S+$/i.test(linkUrl.trim())) found.link = 'A web address starting with https://';
        if (!/^\d{1,2}$/.test(days.trim()) || Number(days) < 1 || Number(days) > 90) found.days = 'From 1 to 90 days';
        setErrors(found);
        if (Object.keys(found).length) return;
        create.mutate(
          { segment_id: segmentId, subject: subject.trim(), body: body.trim(), link_url: linkUrl.trim() || null, attribution_days: Number(days) },
          {
            onSuccess: (campaign) => {
              const target = { id: campaign.id, key: crypto.randomUUID() };
              setPending(target);
              sendNow(target);
            },
          },
        );
      }}
    >
      <Field className="gap-1.5">
        <Label htmlFor="campaign-segment">Send to</Label>
        <Select value={segmentId} onValueChange={setSegmentId} disabled={Boolean(pending)}>
          <SelectTrigger id="campaign-segment" aria-invalid={errors.segment ? true : undefined}>
            <SelectValue placeholder="Choose a saved segment" />
          </SelectTrigger>
          <SelectContent>
            {segments.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {option.name} ({option.reachable} reachable)
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError>{errors.segment}</FieldError>
      </Field>
      <Field className="gap-1.5">
        <Label htmlFor="campaign-subject">Subject</Label>
        <Input id="campaign-subject" autoComplete="off" maxLength={CAMPAIGN_SUBJECT_MAX} value={subject} onChange={(event) => setSubject(event.target.value)} disabled={Boolean(pending)} aria-invalid={errors.subject ? true : undefined} />
        <FieldError>{errors.subject}</FieldError>
      </Field>
      <Field className="gap-1.5">
        <Label htmlFor="campaign-body">Message</Label>
        <Textarea id="campaign-body" rows={6} maxLength={CAMPAIGN_BODY_MAX} value={body} onChange={(event) => setBody(event.target.value)} disabled={Boolean(pending)} aria-invalid={errors.body ? true : undefined} aria-describedby="campaign-body-hint" />
        <FieldDescription id="campaign-body-hint">Plain text. Every e-mail ends with an unsubscribe link.</FieldDescription>
        <FieldError>{errors.body}</FieldError>
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Field className="gap-1.5">
          <Label htmlFor="campaign-link">Link (optional, clicks are counted)</Label>
          <Input id="campaign-link" type="url" autoComplete="off" placeholder="https://" value={linkUrl} onChange={(event) => setLinkUrl(event.target.value)} disabled={Boolean(pending)} aria-invalid={errors.link ? true : undefined} />
          <FieldError>{errors.link}</FieldError>
        </Field>
        <Field className="gap-1.5">
          <Label htmlFor="campaign-days">Sales counted for (days)</Label>
          <Input id="campaign-days" inputMode="numeric" autoComplete="off" value={days} onChange={(event) => setDays(event.target.value)} disabled={Boolean(pending)} aria-invalid={errors.days ? true : undefined} />
          <FieldError>{errors.days}</FieldError>
        </Field>
      </div>
      {create.error || send.error ? <ErrorAlert title="The campaign was not sent" error={create.error ?? send.error} /> : null}
      <Button type="submit" disabled={busy} className="justify-self-start">
        <SendIcon aria-hidden="true" /> {pending ? 'Try sending again' : segment ? `Send to ${segment.reachable} ${segment.reachable === 1 ? 'customer' : 'customers'}` : 'Send campaign'}
      </Button>
    </form>
  );
}

function DraftSend({ campaign }: { campaign: Campaign }) {
  const send = useSendCampaign();
  const [key] = useState(() => crypto.randomUUID());
  return (
    <Button
      variant="outline"
      disabled={send.isPending}
      onClick={() => send.mutate({ id: campaign.id, idempotencyKey: key }, { onSuccess: (sent) => toast.success(`Campaign sent to ${sent.results.sends} customers`), onError: (error) => toast.error(errorMessage(error)) })}
    >
      Send<span className="sr-only"> {campaign.subject}</span>
    </Button>
  );
}

function CampaignsTable({ campaigns, currency }: { campaigns: Campaign[]; currency: string }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Campaigns">
        <TableHeader>
          <TableRow>
            <TableHead>Campaign</TableHead>
            <TableHead className="text-right">Sends</TableHead>
            <TableHead className="text-right">Clicks</TableHead>
            <TableHead className="text-right">Unsubscribed</TableHead>
            <TableHead className="text-right">Sales after</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {campaigns.map((campaign) => (
            <TableRow key={campaign.id}>
              <TableCell>
                <span className="font-medium">{campaign.subject}</span>
                <span className="block text-xs text-muted-foreground">
                  {campaign.segment_name} · {campaign.sent_at ? `sent ${dateTime(campaign.sent_at)}` : <Badge variant="secondary">Draft</Badge>}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{campaign.status === 'sent' ? campaign.results.sends : <DraftSend campaign={campaign} />}</TableCell>
              <TableCell className="text-right tabular-nums">{campaign.results.clicks}</TableCell>
              <TableCell className="text-right tabular-nums">{campaign.results.unsubscribes}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(campaign.results.attributed_revenue, currency)}
                <span className="block text-xs text-muted-foreground">
                  {campaign.results.attributed_orders} {campaign.results.attributed_orders === 1 ? 'order' : 'orders'} in {campaign.attribution_days} days
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function CampaignsSection({ segments }: { segments: Segment[] }) {
  const list = useCampaigns();
  return (
    <section aria-labelledby="campaigns-heading" className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h2 id="campaigns-heading" className="text-lg font-semibold">
          E-mail campaigns
        </h2>
        <p className="text-sm text-muted-foreground">Sent once to a segment’s customers who have an e-mail address and have not unsubscribed.</p>
      </div>
      {segments.length === 0 ? <p className="text-muted-foreground">Save a segment first, then write to it here.</p> : <CampaignForm segments={segments} />}
      {list.isError ? (
        <ErrorAlert title="The campaigns could not be loaded" error={list.error} />
      ) : list.data && list.data.campaigns.length ? (
        <CampaignsTable campaigns={list.data.campaigns} currency={list.data.currency} />
      ) : list.data ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
          <MailIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">No campaigns yet.</p>
        </div>
      ) : null}
    </section>
  );
}
