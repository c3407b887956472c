import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, checkWebhookUrl, WEBHOOK_URL_PROBLEM_MESSAGES, type WebhookEvent } from '@till/core';
import { CopyIcon, EyeIcon, PlusIcon, SendIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import {
  revealWebhookSecret,
  useConnections,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliverWebhook,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type Connections,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/integrations';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const STATUS_BADGE = { delivered: 'success', pending: 'warning', failed: 'destructive' } as const;
const STATUS_LABEL = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' } as const;

function ConnectionCard({ title, state, good, children, link }: { title: string; state: string; good: boolean; children: ReactNode; link: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <Badge variant={good ? 'success' : 'secondary'}>{state}</Badge>
        </div>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">{link}</CardContent>
    </Card>
  );
}

function ConnectionCards({ connections }: { connections: Connections }) {
  const { smtp, ai_provider: ai, storage, quickbooks, webhooks } = connections;
  return (
    <section aria-label="Connections" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <ConnectionCard title="E-mail (SMTP)" state={smtp.configured ? 'Connected' : 'Not set up'} good={smtp.configured} link={<span className="text-muted-foreground">Set by the server’s SMTP_URL (README, Configuration).</span>}>
        {smtp.configured ? 'Receipts, reminders and digests are sent by e-mail.' : 'Messages are kept in the outbox for the administrator instead of being sent.'}
      </ConnectionCard>
      <ConnectionCard
        title="AI provider"
        state={ai.configured ? 'Connected' : 'Not set up'}
        good={ai.configured}
        link={<Link className="underline underline-offset-4" to="/ai-modules">AI Modules Hub</Link>}
      >
        {ai.configured ? `The assistant answers through ${ai.base_url_host ?? 'the configured provider'}.` : 'The assistant needs OPENAI_BASE_URL or OPENAI_API_KEY on the server; the forecasts work without it.'}
      </ConnectionCard>
      <ConnectionCard title="File storage" state={storage.driver === 's3' ? 'S3' : 'Local disk'} good link={<span className="text-muted-foreground">Set by the server’s STORAGE_DRIVER (README, Configuration).</span>}>
        {storage.driver === 's3' ? `Images and documents are kept in the bucket ${storage.bucket ?? ''}.` : 'Images and documents are kept on the server’s disk.'}
      </ConnectionCard>
      <ConnectionCard
        title="QuickBooks"
        state={!quickbooks.feature_enabled ? 'Off' : quickbooks.mapped ? 'Connected' : 'Not set up'}
        good={quickbooks.feature_enabled && quickbooks.mapped}
        link={
          quickbooks.feature_enabled ? (
            <Link className="underline underline-offset-4" to="/quickbooks">QuickBooks page</Link>
          ) : (
            <Link className="underline underline-offset-4" to="/settings">Switch it on in Settings</Link>
          )
        }
      >
        {quickbooks.last_export_at ? `Last Z exported ${when(quickbooks.last_export_at)} (${quickbooks.exports} in all).` : 'Daily Z reports as journal entries for QuickBooks; nothing exported yet.'}
      </ConnectionCard>
      <ConnectionCard
        title="Webhooks"
        state={`${webhooks.enabled} on`}
        good={webhooks.enabled > 0 && webhooks.failing === 0}
        link={<a className="underline underline-offset-4" href="#webhooks">Endpoints below</a>}
      >
        {webhooks.endpoints === 0 ? 'No endpoints yet.' : `${webhooks.endpoints} endpoint${webhooks.endpoints === 1 ? '' : 's'}${webhooks.failing ? `, ${webhooks.failing} failing` : ''}.`}
      </ConnectionCard>
    </section>
  );
}

function EndpointDialog({ endpoint, open, onOpenChange, onCreated }: { endpoint: WebhookEndpoint | null; open: boolean; onOpenChange: (open: boolean) => void; onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint?.events ?? ['order.created']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const saving = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const problem = checkWebhookUrl(url.trim());
    if (problem) found.url = WEBHOOK_URL_PROBLEM_MESSAGES[problem];
    if (events.length === 0) found.events = 'Choose at least one event';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { url: url.trim(), description: description.trim(), events };
    const failed = (error: unknown) => setErrors({ form: errorMessage(error) });
    if (endpoint) {
      update.mutate({ id: endpoint.id, body }, { onSuccess: () => { toast.success('Endpoint saved'); onOpenChange(false); }, onError: failed });
    } else {
      create.mutate(body, { onSuccess: (answer) => { onOpenChange(false); onCreated(answer.secret); }, onError: failed });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{endpoint ? 'Edit endpoint' : 'Add an endpoint'}</DialogTitle>
          <DialogDescription>Till posts each chosen event to this address as signed JSON.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label={endpoint ? 'Edit endpoint' : 'New endpoint'}>
          <Field>
            <Label htmlFor="webhook-url">Address</Label>
            <Input id="webhook-url" type="url" inputMode="url" value={url} placeholder="https://example.com/hooks/till" onChange={(event) => { setUrl(event.target.value); setErrors(({ url: _url, ...rest }) => rest); }} aria-invalid={Boolean(errors.url)} aria-describedby="webhook-url-hint" />
            <FieldDescription id="webhook-url-hint">https:// only; http:// for localhost while testing.</FieldDescription>
            <FieldError>{errors.url}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="webhook-description">Description</Label>
            <Input id="webhook-description" value={description} maxLength={200} placeholder="e.g. Accounting sync" onChange={(event) => setDescription(event.target.value)} />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex min-h-11 items-center gap-3 text-sm sm:min-h-8">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={events.includes(name)}
                  onChange={(event) => setEvents(event.target.checked ? [...events, name] : events.filter((value) => value !== name))}
                />
                <span>
                  <code className="font-mono text-xs">{name}</code> · {WEBHOOK_EVENT_LABELS[name]}
                </span>
              </label>
            ))}
            <FieldError>{errors.events}</FieldError>
          </fieldset>
          <FieldError role="alert">{errors.form}</FieldError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : endpoint ? 'Save' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const copy = () => void navigator.clipboard?.writeText(secret ?? '').then(() => toast.success('Secret copied'), () => toast.error('Copy the secret by hand'));
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>Your receiver checks each request’s Till-Webhook-Signature with it (see the API guide). Keep it private.</DialogDescription>
        </DialogHeader>
        <Field>
          <Label htmlFor="webhook-secret">Secret</Label>
          <Input id="webhook-secret" readOnly value={secret ?? ''} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={copy}>
            <CopyIcon aria-hidden="true" /> Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id, true);
  const redeliver = useRedeliverWebhook();
  if (deliveries.isPending) return <p role="status" className="text-sm text-muted-foreground">Loading deliveries...</p>;
  if (deliveries.isError) return <ErrorAlert title="The delivery log could not be loaded" error={deliveries.error} />;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing sent yet. Send a test, or wait for the next sale.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm" aria-label={`Deliveries to ${endpoint.url}`}>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-3 font-medium">Event</th>
            <th className="py-2 pr-3 font-medium">Status</th>
            <th className="py-2 pr-3 text-right font-medium">Attempts</th>
            <th className="py-2 pr-3 font-medium">Answer</th>
            <th className="py-2 pr-3 font-medium">Last try / next</th>
            <th className="py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((delivery: WebhookDelivery) => (
            <tr key={delivery.id} className="border-t align-top">
              <td className="py-2 pr-3 font-mono text-xs">{delivery.event_type}</td>
              <td className="py-2 pr-3">
                <Badge variant={STATUS_BADGE[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{delivery.attempts}</td>
              <td className="max-w-64 py-2 pr-3">
                <span className="tabular-nums">{delivery.response_status ?? '—'}</span>
                {delivery.duration_ms !== null ? <span className="text-muted-foreground"> · {delivery.duration_ms} ms</span> : null}
                {delivery.error ? <p className="text-xs break-words text-muted-foreground">{delivery.error}</p> : null}
              </td>
              <td className="py-2 pr-3 text-xs">
                {when(delivery.last_attempt_at)}
                {delivery.next_attempt_at ? <p className="text-muted-foreground">Next: {when(delivery.next_attempt_at)}</p> : null}
              </td>
              <td className="py-2 text-right">
                {delivery.status !== 'pending' ? (
                  <Button
                   
                    variant="outline"
                    disabled={redeliver.isPending}
                    onClick={() => redeliver.mutate(delivery.id, { onSuccess: (answer) => toast.success(`Redelivered: ${STATUS_LABEL[answer.delivery.status].toLowerCase()}`), onError: (error) => toast.error(errorMessage(error)) })}
                  >
                    Redeliver
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointCard({ endpoint, onEdit, onSecret }: { endpoint: WebhookEndpoint; onEdit: () => void; onSecret: (secret: string) => void }) {
  const [showLog, setShowLog] = useState(false);
  const test = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: ({ delivery }) => {
        setShowLog(true);
        if (delivery.status === 'delivered') toast.success(`Test delivered (${delivery.response_status})`);
        else toast.error(`Test not delivered: ${delivery.error ?? 'no answer'}`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  const reveal = () => void revealWebhookSecret(endpoint.id).then(onSecret, (error: unknown) => toast.error(errorMessage(error)));
  return (
    <li>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid min-w-0 gap-1">
              <CardTitle className="font-mono text-sm break-all">{endpoint.url}</CardTitle>
              <CardDescription>{endpoint.description || 'No description'}</CardDescription>
            </div>
            <Badge variant={!endpoint.enabled ? 'secondary' : endpoint.failing_since ? 'warning' : 'success'}>
              {!endpoint.enabled ? 'Off' : endpoint.failing_since ? 'Failing' : 'On'}
            </Badge>
          </div>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3">
          {endpoint.disabled_reason ? <p className="text-sm text-red-700">Switched off: {endpoint.disabled_reason}.</p> : null}
          <p className="text-sm">
            <span className="text-muted-foreground">Events: </span>
            {endpoint.events.map((name) => (
              <code key={name} className="mr-2 font-mono text-xs">
                {name}
              </code>
            ))}
          </p>
          <p className="text-sm text-muted-foreground">
            Secret ends in <code className="font-mono">…{endpoint.secret_hint}</code>
            {endpoint.last_delivery ? ` · last delivery ${STATUS_LABEL[endpoint.last_delivery.status].toLowerCase()} ${when(endpoint.last_delivery.attempted_at)}` : ''}
            {endpoint.pending ? ` · ${endpoint.pending} waiting` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={sendTest} disabled={test.isPending}>
              <SendIcon aria-hidden="true" /> {test.isPending ? 'Sending...' : 'Send test'}
            </Button>
            <Button variant="outline" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
              {showLog ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <Button variant="outline" onClick={reveal}>
              <EyeIcon aria-hidden="true" /> Reveal secret
            </Button>
            <Button variant="outline" onClick={onEdit}>
              Edit
            </Button>
            <Button
             
              variant="outline"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: endpoint.id, body: { enabled: !endpoint.enabled } }, { onError: (error) => toast.error(errorMessage(error)) })}
            >
              {endpoint.enabled ? 'Switch off' : 'Switch on'}
            </Button>
            <Button
             
              variant="outline"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`)) remove.mutate(endpoint.id, { onSuccess: () => toast.success('Endpoint deleted'), onError: (error) => toast.error(errorMessage(error)) });
              }}
            >
              Delete
            </Button>
          </div>
          {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
        </CardContent>
      </Card>
    </li>
  );
}

/** /integrations: every connection's state, and the business's outgoing webhooks (issue 20 item 11). */
export function IntegrationsPage() {
  const connections = useConnections();
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Integrations" description="The services Till is connected to, and the webhooks that tell your other systems what happens." />
      {connections.isPending ? (
        <p role="status" className="text-muted-foreground">Loading connections...</p>
      ) : connections.isError ? (
        <ErrorAlert title="The connections could not be loaded" error={connections.error} />
      ) : (
        <ConnectionCards connections={connections.data} />
      )}
      <section id="webhooks" aria-labelledby="webhooks-title" className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="webhooks-title" className="text-xl font-semibold">Webhooks</h2>
            <p className="text-sm text-muted-foreground">
              Sales, refunds, low stock and closed Z reports, posted as signed JSON and retried for about nine hours when your receiver is down.
            </p>
          </div>
          <Button onClick={() => setEditing('new')} disabled={endpoints.isError}>
            <PlusIcon aria-hidden="true" /> Add endpoint
          </Button>
        </div>
        {endpoints.isPending ? (
          <p role="status" className="text-muted-foreground">Loading endpoints...</p>
        ) : endpoints.isError ? (
          <ErrorAlert title="The webhook endpoints could not be loaded" error={endpoints.error} />
        ) : endpoints.data.length === 0 ? (
          <p className="text-muted-foreground">No endpoints yet. Add one to send your sales to another system as they happen.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing(endpoint)} onSecret={setSecret} />
            ))}
          </ul>
        )}
      </section>
      {editing ? (
        <EndpointDialog
          key={editing === 'new' ? 'new' : editing.id}
          endpoint={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          onCreated={setSecret}
        />
      ) : null}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
