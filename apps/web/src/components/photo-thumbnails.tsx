import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * Photos as thumbnails (an inspection point's, decision 041; an incident's, decision 055); a tap
 * opens the photo larger. With `onRemove`, each thumbnail has its own remove button.
 */
export function PhotoThumbnails({
  label,
  photos,
  onRemove,
  disabled = false,
}: {
  label: string;
  photos: { id?: string; url: string }[];
  onRemove?: ((photoId: string) => void) | undefined;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${label}`}>
        {photos.map((photo, index) => (
          <li key={photo.id ?? photo.url} className="relative">
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              title="Open the photo larger"
            >
              <img src={photo.url} alt={`Photo ${index + 1} of ${label}`} className="size-16 rounded-md border object-cover sm:size-20" />
            </button>
            {onRemove && photo.id ? (
              <Button
                type="button"
                variant="secondary"
                size="icon"
                className="absolute -top-2 -right-2 size-7 rounded-full border shadow-sm"
                aria-label={`Remove photo ${index + 1} of ${label}`}
                disabled={disabled}
                onClick={() => onRemove(photo.id!)}
              >
                <XIcon aria-hidden="true" className="size-3.5" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Dialog open={shown !== null && shown !== undefined} onOpenChange={(next) => (next ? null : setOpen(null))}>
        <DialogContent className="max-w-[min(96vw,64rem)]">
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>
              Photo {(open ?? 0) + 1} of {photos.length}
            </DialogDescription>
          </DialogHeader>
          {shown ? <img src={shown.url} alt={`Photo ${(open ?? 0) + 1} of ${label}, larger`} className="max-h-[75vh] w-full rounded-md object-contain" /> : null}
          {photos.length > 1 ? (
            <div className="flex justify-between gap-2">
              <Button type="button" variant="outline" disabled={!open} onClick={() => setOpen((index) => Math.max(0, (index ?? 0) - 1))}>
                Previous
              </Button>
              <Button type="button" variant="outline" disabled={open === photos.length - 1} onClick={() => setOpen((index) => Math.min(photos.length - 1, (index ?? 0) + 1))}>
                Next
              </Button>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
