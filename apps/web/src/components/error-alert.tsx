import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { errorMessage, errorReasons } from '@/lib/api-client';

interface ErrorAlertProps {
  /** A fixed heading, e.g. SPEC §8's "Failed to assign business owner". */
  title?: string;
  /** A thrown error: its message is shown, and the reasons list of a weak_password error. */
  error?: unknown;
  /** A message to show instead of the error's. */
  message?: string;
  className?: string;
}

export function ErrorAlert({ title, error, message, className }: ErrorAlertProps) {
  const text = message ?? (error === undefined ? undefined : errorMessage(error));
  const reasons = errorReasons(error);
  return (
    <Alert variant="destructive" className={className}>
      <CircleAlertIcon aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {text && text !== title ? (
        <AlertDescription>
          <p>{text}</p>
          {reasons.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
