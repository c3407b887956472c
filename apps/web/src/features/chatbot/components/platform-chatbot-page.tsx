import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { usePlatformChatbot, useUpdatePlatformChatbotDefaults, type PlatformChatbot } from '../api/chatbot';
import { ColorField, SwitchField } from './fields';

type Defaults = PlatformChatbot['defaults'];

const MODEL = /^[A-Za-z0-9._:/-]{1,100}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

function DefaultsForm({ defaults }: { defaults: Defaults }) {
  const [draft, setDraft] = useState({ ...defaults, retention: String(defaults.transcript_retention_days) });
  const save = useUpdatePlatformChatbotDefaults();
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const retention = Number(draft.retention);
  const problems = {
    model: MODEL.test(draft.openai_model) ? null : 'Enter a model name like gpt-4o-mini',
    greeting: draft.greeting.trim() ? null : 'Write a greeting',
    retention: Number.isInteger(retention) && retention >= 1 && retention <= 3650 ? null : 'Enter a number of days from 1 to 3650',
  };
  const valid = !problems.model && !problems.greeting && !problems.retention && COLOR.test(draft.primary_color);
  const changes = {
    ...(draft.openai_model !== defaults.openai_model ? { openai_model: draft.openai_model } : {}),
    ...(draft.greeting.trim() !== defaults.greeting ? { greeting: draft.greeting.trim() } : {}),
    ...(draft.primary_color !== defaults.primary_color ? { primary_color: draft.primary_color } : {}),
    ...(retention !== defaults.transcript_retention_days ? { transcript_retention_days: retention } : {}),
    ...(draft.can_edit_code !== defaults.can_edit_code ? { can_edit_code: draft.can_edit_code } : {}),
    ...(draft.can_edit_database !== defaults.can_edit_database ? { can_edit_database: draft.can_edit_database } : {}),
  };
  const changed = Object.keys(changes).length > 0;
  return (
    <form
      aria-label="Platform chatbot defaults"
      className="grid max-w-2xl gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid || !changed) return;
        save.mutate(changes, { onSuccess: () => toast.success('Chatbot defaults saved') });
      }}
    >
      <Field>
        <Label htmlFor="platform-model">AI model</Label>
        <Input id="platform-model" className="max-w-xs font-mono" value={draft.openai_model} onChange={(event) => set('openai_model', event.target.value)} aria-invalid={problems.model ? true : undefined} />
        {problems.model ? <p className="text-sm text-destructive">{problems.model}</p> : <FieldDescription>Any model the configured OpenAI-compatible provider serves.</FieldDescription>}
      </Field>
      <Field>
        <Label htmlFor="platform-greeting">Greeting</Label>
        <Textarea id="platform-greeting" rows={2} maxLength={500} value={draft.greeting} onChange={(event) => set('greeting', event.target.value)} aria-invalid={problems.greeting ? true : undefined} />
        {problems.greeting ? <p className="text-sm text-destructive">{problems.greeting}</p> : null}
      </Field>
      <ColorField id="platform-color" label="Primary colour" value={draft.primary_color} onChange={(value) => set('primary_color', value)} />
      <Field>
        <Label htmlFor="platform-retention">Keep chat transcripts for (days)</Label>
        <Input id="platform-retention" inputMode="numeric" className="max-w-32" value={draft.retention} onChange={(event) => set('retention', event.target.value)} aria-invalid={problems.retention ? true : undefined} />
        {problems.retention ? <p className="text-sm text-destructive">{problems.retention}</p> : null}
      </Field>
      <SwitchField
        id="platform-code"
        label="AI Assistant may suggest edits (can_edit_code)"
        hint="Suggestions to receipt texts and the chat's greeting and colours; the owner applies or discards them."
        checked={draft.can_edit_code}
        onChange={(value) => set('can_edit_code', value)}
      />
      <SwitchField
        id="platform-database"
        label="AI Assistant may query the reports (can_edit_database)"
        hint="Read-only questions over the business's own reporting views."
        checked={draft.can_edit_database}
        onChange={(value) => set('can_edit_database', value)}
      />
      {save.isError ? <ErrorAlert title="The defaults were not saved" error={save.error} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!valid || !changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save defaults'}
        </Button>
        <p className="text-sm text-muted-foreground">
          {defaults.updated_at ? `Last changed ${new Date(defaults.updated_at).toLocaleString()}.` : 'Never changed: these are Till’s own defaults.'}
        </p>
      </div>
    </form>
  );
}

/** /superadmin/chatbot (SPEC §2): the defaults every new business's chatbot starts from, and each business's settings. */
export function PlatformChatbotPage() {
  const platform = usePlatformChatbot();
  return (
    <div className="grid gap-6">
      <PageHeader title="Chatbot settings" description="The AI assistant’s defaults for new businesses, and how each business has set up its own." />
      {platform.isError ? <ErrorAlert title="The chatbot settings could not be loaded" error={platform.error} /> : null}
      {platform.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      ) : null}
      {platform.data ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Defaults for new businesses</CardTitle>
              <CardDescription>A business’s chatbot starts from these when it is first set up; businesses that already have one keep their own settings.</CardDescription>
            </CardHeader>
            <CardContent>
              <DefaultsForm key={platform.data.defaults.updated_at ?? 'initial'} defaults={platform.data.defaults} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Businesses</CardTitle>
              <CardDescription>{platform.data.businesses.length} on this platform. Conversations are the website chat’s in the last 30 days.</CardDescription>
            </CardHeader>
            <CardContent className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Business</TableHead>
                    <TableHead>Model</TableHead>
                    <TableHead>May do</TableHead>
                    <TableHead>Embedded on</TableHead>
                    <TableHead className="text-right">Conversations</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {platform.data.businesses.map((row) => (
                    <TableRow key={row.business_id}>
                      <TableCell className="font-medium">{row.business_name}</TableCell>
                      <TableCell className="font-mono text-xs">{row.openai_model ?? <span className="font-sans text-muted-foreground">Not set up</span>}</TableCell>
                      <TableCell>
                        <span className="flex flex-wrap gap-1">
                          {row.can_edit_code ? <Badge variant="outline">Suggest edits</Badge> : null}
                          {row.can_edit_database ? <Badge variant="outline">Query reports</Badge> : null}
                          {!row.can_edit_code && !row.can_edit_database ? <span className="text-muted-foreground">Answer only</span> : null}
                        </span>
                      </TableCell>
                      <TableCell className="text-xs">{row.allowed_origins.length ? row.allowed_origins.join(', ') : <span className="text-muted-foreground">Its own page only</span>}</TableCell>
                      <TableCell className="text-right tabular-nums">{row.conversations_30_days}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
