import { DownloadIcon, FileIcon, FileTextIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/error-alert';
import { formatFileSize, previewKind, useSignedUrl, type BucketName } from '@/lib/storage';
import { cn } from '@/lib/utils';

interface FilePreviewProps {
  /** A URL the browser may read: a signed URL, or an object URL of a file not sent yet. */
  url: string;
  contentType: string;
  /** Shown under the preview and used for the download link. */
  name: string;
  size?: number;
  className?: string;
}

/** A picture or PDF shown inline; any other file as its name with a download link. */
export function FilePreview({ url, contentType, name, size, className }: FilePreviewProps) {
  const kind = previewKind(contentType);
  const fileName = name.slice(name.lastIndexOf('/') + 1);
  return (
    <figure className={cn('grid gap-2', className)}>
      <div className="flex min-h-32 items-center justify-center overflow-hidden rounded-lg border bg-muted">
        {kind === 'image' ? (
          <img src={url} alt={fileName} className="max-h-96 w-full object-contain" />
        ) : kind === 'pdf' ? (
          <object data={url} type="application/pdf" aria-label={fileName} className="h-96 w-full">
            <PdfFallback url={url} />
          </object>
        ) : (
          <FileIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        )}
      </div>
      <figcaption className="flex min-w-0 items-center justify-between gap-2 text-sm">
        <span className="truncate" title={name}>
          {fileName}
          {size !== undefined ? <span className="text-muted-foreground tabular-nums"> · {formatFileSize(size)}</span> : null}
        </span>
        <Button asChild variant="outline" className="shrink-0">
          <a href={url} download={fileName}>
            <DownloadIcon aria-hidden="true" /> Download
          </a>
        </Button>
      </figcaption>
    </figure>
  );
}

function PdfFallback({ url }: { url: string }) {
  return (
    <div className="flex flex-col items-center gap-2 p-6 text-sm text-muted-foreground">
      <FileTextIcon aria-hidden="true" className="size-10" />
      <p>This browser cannot show the PDF here.</p>
      <a className="underline underline-offset-4" href={url} target="_blank" rel="noreferrer">
        Open the PDF
      </a>
    </div>
  );
}

/** The preview of a stored object: fetches (and renews) its signed URL. */
export function StoredFilePreview({ bucket, name, contentType, size, className }: { bucket: BucketName; name: string; contentType: string; size?: number; className?: string }) {
  const signed = useSignedUrl(bucket, name);
  if (signed.isPending) {
    return (
      <div role="status" className={cn('flex min-h-32 items-center justify-center rounded-lg border bg-muted text-sm text-muted-foreground', className)}>
        <LoaderCircleIcon aria-hidden="true" className="mr-2 size-4 animate-spin" /> Loading preview…
      </div>
    );
  }
  if (signed.isError) return <ErrorAlert title="The file could not be shown" error={signed.error} className={className} />;
  return <FilePreview url={signed.data} contentType={contentType} name={name} {...(size !== undefined ? { size } : {})} {...(className ? { className } : {})} />;
}
