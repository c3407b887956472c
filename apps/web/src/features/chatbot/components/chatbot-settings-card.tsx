import { WIDGET_POSITIONS, type UpdateChatbotSettingsInput, type WidgetOptions } from '@till/core';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useChatbotSettings, useUpdateChatbotSettings, type ChatbotSettings } from '../api/chatbot';
import { embedSnippet, parseOrigins } from '../utils/embed-snippet';
import { ChatWidgetView, type ChatWidgetState } from './chat-widget-view';
import { ColorField, SwitchField } from './fields';

const POSITION_LABELS: Record<WidgetOptions['position'], string> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
  'top-right': 'Top right',
  'top-left': 'Top left',
};

interface Draft extends WidgetOptions {
  origins: string;
  business_address: string;
  opening_hours: string;
  can_edit_database: boolean;
  can_edit_code: boolean;
  openai_model: string;
  retention_days: string;
}

const toDraft = (settings: ChatbotSettings): Draft => ({
  primary_color: settings.primary_color,
  secondary_color: settings.secondary_color,
  position: settings.position,
  widget_theme: settings.widget_theme,
  show_branding: settings.show_branding,
  auto_open: settings.auto_open,
  greeting: settings.greeting,
  origins: settings.allowed_origins.join('\n'),
  business_address: settings.business_address ?? '',
  opening_hours: settings.opening_hours ?? '',
  can_edit_database: settings.can_edit_database,
  can_edit_code: settings.can_edit_code,
  openai_model: settings.openai_model,
  retention_days: String(settings.transcript_retention_days),
});

/** Settings → Chat widget and AI Assistant (issue 17): the owner's options, a live preview and the embed code. */
export function ChatbotSettingsCard() {
  const settings = useChatbotSettings();
  if (settings.isPending) return <p role="status" className="text-muted-foreground">Loading chat widget settings...</p>;
  if (settings.isError) return <ErrorAlert title="Could not load the chat widget settings" error={settings.error} />;
  return <ChatbotSettingsForm key={settings.data.updated_at} settings={settings.data} />;
}

function ChatbotSettingsForm({ settings }: { settings: ChatbotSettings }) {
  const [draft, setDraft] = useState(() => toDraft(settings));
  const [previewState, setPreviewState] = useState<ChatWidgetState>('open');
  const update = useUpdateChatbotSettings();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const origins = parseOrigins(draft.origins);
  const snippet = embedSnippet(window.location.origin, settings.id, draft.position);
  const colorsValid = [draft.primary_color, draft.secondary_color].every((color) => /^#[0-9a-fA-F]{6}$/.test(color));
  const retentionDays = Number(draft.retention_days);
  const retentionValid = /^\d+$/.test(draft.retention_days.trim()) && retentionDays >= 1 && retentionDays <= 3650;
  const canSave = colorsValid && retentionValid && origins.invalid.length === 0 && draft.greeting.trim().length > 0 && !update.isPending;

  const save = () => {
    const changes: UpdateChatbotSettingsInput = {
      primary_color: draft.primary_color,
      secondary_color: draft.secondary_color,
      position: draft.position,
      widget_theme: draft.widget_theme,
      show_branding: draft.show_branding,
      auto_open: draft.auto_open,
      greeting: draft.greeting.trim(),
      allowed_origins: origins.valid,
      business_address: draft.business_address.trim() || null,
      opening_hours: draft.opening_hours.trim() || null,
      can_edit_database: draft.can_edit_database,
      can_edit_code: draft.can_edit_code,
      openai_model: draft.openai_model.trim(),
      transcript_retention_days: retentionDays,
    };
    update.mutate(changes, { onSuccess: () => toast.success('Chat widget settings saved') });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Embed code copied');
    } catch {
      toast.error('Could not copy. Select the code and copy it yourself.');
    }
  };

  return (
    <Card className="max-w-5xl">
      <CardHeader>
        <CardTitle>Chat widget and AI Assistant</CardTitle>
        <CardDescription>How the chat on your website looks, which websites may show it, and what the AI Assistant may read.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form
          className="grid content-start gap-4"
          aria-label="Chat widget settings"
          onSubmit={(event) => {
            event.preventDefault();
            if (canSave) save();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField id="chat-primary" label="Primary colour" value={draft.primary_color} onChange={(value) => set('primary_color', value)} />
            <ColorField id="chat-secondary" label="Secondary colour" value={draft.secondary_color} onChange={(value) => set('secondary_color', value)} />
            <Field>
              <Label htmlFor="chat-position">Position</Label>
              <Select value={draft.position} onValueChange={(value) => set('position', value as WidgetOptions['position'])}>
                <SelectTrigger id="chat-position">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {WIDGET_POSITIONS.map((position) => (
                    <SelectItem key={position} value={position}>
                      {POSITION_LABELS[position]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field>
              <Label htmlFor="chat-theme">Theme</Label>
              <Select value={draft.widget_theme} onValueChange={(value) => set('widget_theme', value as WidgetOptions['widget_theme'])}>
                <SelectTrigger id="chat-theme">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="light">Light</SelectItem>
                  <SelectItem value="dark">Dark</SelectItem>
                </SelectContent>
              </Select>
            </Field>
          </div>
          <SwitchField id="chat-branding" label="Show “Powered by Till”" checked={draft.show_branding} onChange={(value) => set('show_branding', value)} />
          <SwitchField
            id="chat-auto-open"
            label="Open automatically"
            hint="The chat opens by itself on the widget page (not when embedded in your website)."
            checked={draft.auto_open}
            onChange={(value) => set('auto_open', value)}
          />
          <Field>
            <Label htmlFor="chat-greeting">Greeting</Label>
            <Textarea id="chat-greeting" rows={2} maxLength={500} value={draft.greeting} onChange={(event) => set('greeting', event.target.value)} aria-invalid={draft.greeting.trim() ? undefined : true} />
            {draft.greeting.trim() ? null : <p className="text-sm text-destructive">Write a greeting</p>}
          </Field>
          <Field>
            <Label htmlFor="chat-address">Address the chat may tell visitors</Label>
            <Input id="chat-address" maxLength={500} value={draft.business_address} onChange={(event) => set('business_address', event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="chat-hours">Opening hours the chat may tell visitors</Label>
            <Textarea id="chat-hours" rows={2} maxLength={1000} value={draft.opening_hours} onChange={(event) => set('opening_hours', event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="chat-retention">Keep chat transcripts for (days)</Label>
            <Input
              id="chat-retention"
              inputMode="numeric"
              className="max-w-32"
              value={draft.retention_days}
              onChange={(event) => set('retention_days', event.target.value)}
              aria-invalid={retentionValid ? undefined : true}
              aria-describedby="chat-retention-hint"
            />
            {retentionValid ? (
              <FieldDescription id="chat-retention-hint">Conversations shown in Chatbot Insights are deleted this many days after their last message.</FieldDescription>
            ) : (
              <p id="chat-retention-hint" className="text-sm text-destructive">
                Enter a number of days from 1 to 3650
              </p>
            )}
          </Field>
          <Field>
            <Label htmlFor="chat-origins">Websites that may embed the chat</Label>
            <Textarea
              id="chat-origins"
              rows={3}
              placeholder="https://www.example.com"
              value={draft.origins}
              onChange={(event) => set('origins', event.target.value)}
              aria-invalid={origins.invalid.length ? true : undefined}
              aria-describedby="chat-origins-hint"
            />
            <FieldDescription id="chat-origins-hint">One address per line, like https://www.example.com. Other websites cannot show your chat.</FieldDescription>
            {origins.invalid.length ? <p className="text-sm text-destructive">Not a website address: {origins.invalid.join(', ')}</p> : null}
          </Field>
          <fieldset className="grid gap-3 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">AI Assistant (top bar)</legend>
            <SwitchField
              id="chat-database"
              label="Let the AI Assistant read my sales data"
              hint="It answers questions like “how many orders today?” with read-only queries over your own records."
              checked={draft.can_edit_database}
              onChange={(value) => set('can_edit_database', value)}
            />
            <SwitchField id="chat-code" label="Let the AI Assistant suggest text and code edits" hint="Suggestions only: nothing changes until you apply it." checked={draft.can_edit_code} onChange={(value) => set('can_edit_code', value)} />
            <Field>
              <Label htmlFor="chat-model">AI model</Label>
              <Input id="chat-model" className="max-w-60" value={draft.openai_model} onChange={(event) => set('openai_model', event.target.value)} />
            </Field>
          </fieldset>
          {update.isError ? <ErrorAlert title="Not saved" error={update.error} /> : null}
          <Button type="submit" disabled={!canSave} className="justify-self-start">
            {update.isPending ? 'Saving...' : 'Save chat settings'}
          </Button>
        </form>
        <div className="grid content-start gap-4">
          <section aria-label="Preview" className="grid gap-2">
            <h3 className="text-sm font-medium">Preview</h3>
            <div className="relative h-[28rem] overflow-hidden rounded-lg border bg-muted/40">
              <ChatWidgetView
                contained
                options={{ ...draft, greeting: draft.greeting || ' ' }}
                state={previewState}
                onStateChange={setPreviewState}
                messages={[{ id: 'greeting', role: 'assistant', content: draft.greeting, timestamp: settings.updated_at }]}
                sending={false}
                sessionToken={null}
                onSend={() => undefined}
              />
            </div>
          </section>
          <section aria-label="Embed code" className="grid gap-2">
            <h3 className="text-sm font-medium">Embed code</h3>
            <p className="text-sm text-muted-foreground">Paste this before &lt;/body&gt; on your website, after adding the website above and saving.</p>
            <pre className="max-h-40 overflow-auto rounded-md border bg-muted p-2 text-xs whitespace-pre-wrap break-all" data-testid="embed-snippet">
              {snippet}
            </pre>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <CopyIcon aria-hidden="true" /> Copy embed code
              </Button>
              <Button asChild variant="link">
                <a href={`/chatbot-widget/${settings.id}`} target="_blank" rel="noreferrer">
                  Open the chat page
                </a>
              </Button>
            </div>
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
