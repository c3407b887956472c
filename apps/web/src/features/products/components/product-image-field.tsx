import { ImageIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { IMAGE_TYPES, imageProblem } from '../api/upload-product-image';

/** What happens to the picture when the form is saved. */
export type PendingImage = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/** Pick a picture and see it before saving; it is uploaded once the product is saved. */
export function ProductImageField({
  currentUrl,
  pending,
  onChange,
  disabled,
}: {
  currentUrl: string | null;
  pending: PendingImage;
  onChange: (next: PendingImage) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useMemo(() => (pending.kind === 'replace' ? URL.createObjectURL(pending.file) : null), [pending]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  const shown = pending.kind === 'replace' ? previewUrl : pending.kind === 'remove' ? null : currentUrl;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Picture</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {shown ? <img src={shown} alt="Product picture preview" className="size-full object-cover" /> : <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const reason = imageProblem(file);
              setProblem(reason);
              if (!reason) onChange({ kind: 'replace', file });
            }}
          />
          <Button type="button" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
            <UploadIcon aria-hidden="true" /> {shown ? 'Change picture' : 'Add picture'}
          </Button>
          {shown ? (
            <Button type="button" variant="ghost" disabled={disabled} onClick={() => onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' })}>
              <Trash2Icon aria-hidden="true" /> Remove
            </Button>
          ) : null}
        </div>
      </div>
      <FieldDescription id={`${id}-hint`}>PNG, JPEG or WebP, up to 10 MB. Shown on the till and in lists.</FieldDescription>
      <FieldError>{problem}</FieldError>
    </div>
  );
}
