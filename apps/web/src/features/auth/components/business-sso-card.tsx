import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useBusinessSso, useDeleteBusinessSso, useSaveBusinessSso, type BusinessSsoAnswer } from '../api/business-sso';

/**
 * The business's own single sign-on (decision 068): its OpenID Connect provider and the e-mail
 * domains it signs in. People with an address of those domains choose "Sign in with SSO" and
 * type it; a new one joins this business as a cashier.
 */
export function BusinessSsoCard() {
  const sso = useBusinessSso();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Single sign-on</CardTitle>
        <CardDescription>
          Let your team sign in with your company&apos;s OpenID Connect provider (Microsoft Entra, Google Workspace, Okta, Keycloak…). New people who sign in this way join
          your business as cashiers; you give them more in Employees.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sso.isError ? <ErrorAlert error={sso.error} /> : null}
        {sso.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        ) : sso.data ? (
          <SsoForm key={sso.data.provider?.updated_at ?? 'new'} answer={sso.data} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function SsoForm({ answer }: { answer: BusinessSsoAnswer }) {
  const saved = answer.provider;
  const save = useSaveBusinessSso();
  const remove = useDeleteBusinessSso();
  const [displayName, setDisplayName] = useState(saved?.display_name ?? '');
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.domains.map((entry) => entry.domain).join(', ') ?? '');
  const domainList = domains
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
  const unproven = save.error && isApiError(save.error) && save.error.code === 'sso_domain_unproven' ? (save.error.details.record as { name: string; value: string } | undefined) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { display_name: displayName, issuer, client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}), domains: domainList },
      {
        onSuccess: () => {
          setClientSecret('');
          toast.success('Single sign-on saved');
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Single sign-on provider">
      {saved ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">On</Badge>
          <span>
            People at {saved.domains.map((entry) => entry.domain).join(', ')} sign in with {saved.display_name}.
          </span>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="sso-name">Name on the sign-in page</Label>
          <Input id="sso-name" required maxLength={40} value={displayName} onChange={(event) => setDisplayName(event.target.value)} placeholder="Acme login" />
        </Field>
        <Field>
          <Label htmlFor="sso-domains">E-mail domains</Label>
          <Input id="sso-domains" required value={domains} onChange={(event) => setDomains(event.target.value)} placeholder="acme.com, acme.co.uk" autoCapitalize="none" spellCheck={false} />
        </Field>
      </div>
      <Field>
        <Label htmlFor="sso-issuer">Issuer URL</Label>
        <Input id="sso-issuer" required type="url" value={issuer} onChange={(event) => setIssuer(event.target.value)} placeholder="https://login.acme.com" autoCapitalize="none" spellCheck={false} />
        <FieldDescription>Its discovery document (/.well-known/openid-configuration) is checked when you save.</FieldDescription>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="sso-client-id">Client ID</Label>
          <Input id="sso-client-id" required value={clientId} onChange={(event) => setClientId(event.target.value)} autoCapitalize="none" spellCheck={false} />
        </Field>
        <Field>
          <Label htmlFor="sso-client-secret">Client secret</Label>
          <Input
            id="sso-client-secret"
            type="password"
            autoComplete="off"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
            placeholder={saved?.has_client_secret ? 'Saved — type to replace' : 'None for a public client'}
          />
        </Field>
      </div>
      <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        <p className="font-medium">At your provider</p>
        <p className="min-w-0 break-words">
          Redirect URI: <code className="break-all">{answer.redirect_uri}</code>
        </p>
        <p className="min-w-0 break-words">
          To prove {domainList.length > 1 ? 'each domain' : 'the domain'} is yours, add a DNS TXT record{' '}
          {(domainList.length > 0 ? domainList : ['<domain>']).map((domain, index, all) => (
            <span key={domain}>
              <code className="break-all">{answer.domain_proof.name.replace('<domain>', domain)}</code>
              {index < all.length - 1 ? ', ' : ''}
            </span>
          ))}{' '}
          with the value <code className="break-all">{answer.domain_proof.value}</code>.
        </p>
      </div>
      {unproven ? (
        <ErrorAlert
          title="This domain is not proven yet"
          message={`Add a DNS TXT record ${unproven.name} with the value ${unproven.value}. It can take a few minutes to appear; then save again.`}
        />
      ) : save.isError ? (
        <ErrorAlert error={save.error} />
      ) : null}
      {remove.isError ? <ErrorAlert error={remove.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Checking the provider…' : saved ? 'Save changes' : 'Turn on single sign-on'}
        </Button>
        {saved ? (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success('Single sign-on turned off') })}
          >
            Turn off
          </Button>
        ) : null}
      </div>
    </form>
  );
}
