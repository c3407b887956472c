import { brandColorProblem, RECEIPT_TEXT_MAX, RECEIPT_TEXT_MAX_LINES, type BusinessBrandingView } from '@till/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useBusinessBranding, useSaveBusinessBranding } from '../api/branding';
import { BrandColorField } from './brand-color-field';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function BrandingForm({ branding }: { branding: BusinessBrandingView }) {
  const save = useSaveBusinessBranding();
  const [color, setColor] = useState(branding.brand_color ?? '');
  const [header, setHeader] = useState(branding.receipt_header ?? '');
  const [footer, setFooter] = useState(branding.receipt_footer ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const platformColor = branding.brand_color ? null : branding.effective_color;
  const shown = color && !brandColorProblem(color) ? color : (platformColor ?? branding.effective_color);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const colorProblem = color ? brandColorProblem(color) : null;
    if (colorProblem) return setProblem(colorProblem);
    setProblem(null);
    save.mutate(
      { brand_color: color || null, receipt_header: orNull(header), receipt_footer: orNull(footer) },
      { onSuccess: () => toast.success('Branding saved'), onError: (error) => toast.error(errorMessage(error)) },
    );
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form className="grid content-start gap-4" onSubmit={submit} aria-label="Branding">
        {problem ? <ErrorAlert message={problem} /> : save.isError ? <ErrorAlert error={save.error} /> : null}
        <BrandColorField label="Brand colour" value={color} onChange={setColor} />
        <div className="grid gap-2">
          <Label htmlFor="receipt-header">Receipt header</Label>
          <Textarea id="receipt-header" rows={2} maxLength={RECEIPT_TEXT_MAX} value={header} onChange={(event) => setHeader(event.target.value)} aria-describedby="receipt-text-note" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="receipt-footer">Receipt footer</Label>
          <Textarea id="receipt-footer" rows={2} maxLength={RECEIPT_TEXT_MAX} value={footer} onChange={(event) => setFooter(event.target.value)} aria-describedby="receipt-text-note" />
          <p id="receipt-text-note" className="text-sm text-muted-foreground">
            Up to {RECEIPT_TEXT_MAX_LINES} lines and {RECEIPT_TEXT_MAX} characters each; printed and e-mailed receipts show them.
          </p>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save branding'}
          </Button>
        </div>
      </form>
      <section aria-label="Branding preview" className="grid content-start gap-3">
        <span className="inline-flex h-9 w-fit items-center rounded-md px-4 text-sm font-medium text-white" style={{ backgroundColor: shown }}>
          A button in your colour
        </span>
        <div className="grid gap-1 rounded-md border bg-white p-4 text-center font-mono text-xs whitespace-pre-wrap text-black">
          <p className="font-bold">Your business</p>
          {header.trim() ? <p>{header.trim()}</p> : null}
          <p className="text-neutral-600">Receipt #1 · lines · total</p>
          <p>Thank you!</p>
          {footer.trim() ? <p>{footer.trim()}</p> : null}
        </div>
      </section>
    </div>
  );
}

/** The settings page's branding card: the business's own colour and receipt texts, with a preview. */
export function BusinessBrandingCard() {
  const branding = useBusinessBranding();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Branding</CardTitle>
        <CardDescription>Your colour for buttons (instead of the platform's), and text printed above and below every receipt.</CardDescription>
      </CardHeader>
      <CardContent>
        {branding.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading branding...
          </p>
        ) : branding.isError ? (
          <ErrorAlert title="Branding could not be loaded" error={branding.error} />
        ) : (
          <BrandingForm branding={branding.data} />
        )}
      </CardContent>
    </Card>
  );
}
