import { CircleCheckIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUnsubscribe } from '../api/marketing-api';

/**
 * /unsubscribe/:token (public, no sign-in; decision 051): the link at the foot of every marketing
 * e-mail. Opening it unsubscribes the customer it names from every later campaign.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);

  return (
    <main className="mx-auto grid max-w-lg gap-4 p-6 sm:p-10">
      <h1 className="text-2xl font-semibold">Unsubscribe</h1>
      {unsubscribe.isError ? (
        <ErrorAlert title="This link cannot be used" error={unsubscribe.error} />
      ) : unsubscribe.data ? (
        <p role="status" className="flex items-start gap-2">
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>You are unsubscribed: {unsubscribe.data.business_name} will send you no more marketing e-mails.</span>
        </p>
      ) : (
        <p className="text-muted-foreground">Unsubscribing…</p>
      )}
    </main>
  );
}
