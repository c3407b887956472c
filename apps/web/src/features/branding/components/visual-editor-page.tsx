import { brandColorProblem, type PlatformBrandingView } from '@till/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { usePlatformBranding, useSavePlatformBranding } from '../api/branding';
import { BrandColorField } from './brand-color-field';

const previewColor = (color: string, fallback: string) => (brandColorProblem(color) ? fallback : color);

function BrandingForm({ branding }: { branding: PlatformBrandingView }) {
  const save = useSavePlatformBranding();
  const [name, setName] = useState(branding.product_name);
  const [welcome, setWelcome] = useState(branding.sign_in_welcome);
  const [color, setColor] = useState(branding.primary_color);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = previewColor(color, branding.primary_color);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const colorProblem = brandColorProblem(color);
    if (colorProblem) return setProblem(colorProblem);
    setProblem(null);
    save.mutate(
      { product_name: name.trim(), sign_in_welcome: welcome.trim(), primary_color: color },
      { onSuccess: () => toast.success('The look is saved; the sign-in page shows it now'), onError: (error) => toast.error(errorMessage(error)) },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="grid content-start gap-4" onSubmit={submit} aria-label="Platform look">
        {problem ? <ErrorAlert message={problem} /> : save.isError ? <ErrorAlert error={save.error} /> : null}
        <div className="grid gap-2">
          <Label htmlFor="product-name">Product name</Label>
          <Input id="product-name" value={name} maxLength={40} required onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="sign-in-welcome">Sign-in welcome text</Label>
          <Textarea id="sign-in-welcome" value={welcome} maxLength={200} required rows={3} onChange={(event) => setWelcome(event.target.value.replace(/\n/g, ' '))} />
        </div>
        <BrandColorField label="Brand colour" value={color} onChange={setColor} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save look'}
          </Button>
        </div>
      </form>
      <section aria-label="Preview" className="grid content-start gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">Preview of the sign-in page</h2>
        <div className="rounded-xl border bg-muted/40 p-6">
          <div className="mx-auto grid max-w-sm gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <div className="grid gap-1">
              <p className="text-xl font-semibold">Sign in to {name.trim() || '…'}</p>
              <p className="text-sm text-muted-foreground">{welcome.trim() || '…'}</p>
            </div>
            <div className="grid gap-2" aria-hidden="true">
              <div className="h-9 rounded-md border bg-background" />
              <div className="h-9 rounded-md border bg-background" />
            </div>
            <span className="inline-flex h-9 items-center justify-center rounded-md text-sm font-medium text-white" style={{ backgroundColor: shown }} data-testid="preview-button">
              Sign in
            </span>
          </div>
        </div>
      </section>
    </div>
  );
}

/** /superadmin/visual-editor (SPEC §2): the platform's product name, sign-in welcome text and brand colour, with a live preview. */
export function VisualEditorPage() {
  const branding = usePlatformBranding();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Visual editor"
        description="How the product looks to everyone: the name and welcome text on the sign-in page, and the colour of primary buttons. A business may choose its own colour in its settings."
      />
      {branding.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the look...
        </p>
      ) : branding.isError ? (
        <ErrorAlert title="The look could not be loaded" error={branding.error} />
      ) : (
        <BrandingForm branding={branding.data} />
      )}
    </div>
  );
}
