import {
  INCIDENT_PHOTOS_PER_INCIDENT,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '@till/core';
import { CameraIcon, DownloadIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PhotoThumbnails } from '@/components/photo-thumbnails';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import {
  exportIncidents,
  useAddIncidentAction,
  useAttachIncidentPhoto,
  useCreateIncident,
  useIncidentOwners,
  useIncidents,
  useRemoveIncidentPhoto,
  useSetIncidentActionDone,
  useUpdateIncident,
  type Incident,
  type IncidentFilters,
  type IncidentOwner,
} from '../api/incidents';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const SEVERITY_BADGE: Record<IncidentSeverity, 'secondary' | 'warning' | 'destructive'> = { low: 'secondary', medium: 'warning', high: 'destructive' };

/** A datetime-local value for now, in the browser's zone. */
function nowLocal(): string {
  const now = new Date();
  now.setSeconds(0, 0);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function OwnerSelect({ id, owners, value, onChange }: { id: string; owners: IncidentOwner[]; value: string; onChange: (value: string) => void }) {
  return (
    <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Nobody yet</option>
      {owners.map((owner) => (
        <option key={owner.id} value={owner.id}>
          {owner.name}
        </option>
      ))}
    </select>
  );
}

function NewIncidentForm({ owners, onDone }: { owners: IncidentOwner[]; onDone: () => void }) {
  const [type, setType] = useState<IncidentType>('breakage');
  const [severity, setSeverity] = useState<IncidentSeverity>('medium');
  const [when, setWhen] = useState(nowLocal);
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [people, setPeople] = useState('');
  const [action, setAction] = useState('');
  const [owner, setOwner] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateIncident();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) found.when = 'Choose when it happened';
    if (!description.trim()) found.description = 'Say what happened';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        type,
        severity,
        occurred_at: at.toISOString(),
        location: location.trim() || null,
        description: description.trim(),
        people_involved: people.trim() || null,
        ...(action.trim() ? { actions: [{ description: action.trim(), owner_id: owner || null }] } : {}),
      },
      { onSuccess: () => { toast.success('Incident logged'); onDone(); } },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Log an incident</CardTitle>
        <CardDescription>What happened, where, who was involved, and what needs doing about it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="New incident">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field>
              <Label htmlFor="incident-type">Type</Label>
              <select id="incident-type" className={selectClass} value={type} onChange={(event) => setType(event.target.value as IncidentType)}>
                {INCIDENT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {INCIDENT_TYPE_LABELS[value]}
                  </option>
                ))}
              </select>
            </Field>
            <Field>
              <Label htmlFor="incident-severity">Severity</Label>
              <select id="incident-severity" className={selectClass} value={severity} onChange={(event) => setSeverity(event.target.value as IncidentSeverity)}>
                {INCIDENT_SEVERITIES.map((value) => (
                  <option key={value} value={value}>
                    {INCIDENT_SEVERITY_LABELS[value]}
                  </option>
                ))}
              </select>
            </Field>
            <Field>
              <Label htmlFor="incident-when">When</Label>
              <Input id="incident-when" type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} aria-invalid={Boolean(errors.when)} />
              {errors.when ? <FieldError>{errors.when}</FieldError> : null}
            </Field>
          </div>
          <Field>
            <Label htmlFor="incident-location">Where</Label>
            <Input id="incident-location" value={location} maxLength={200} placeholder="e.g. Aisle 3, the car park" onChange={(event) => setLocation(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="incident-description">What happened</Label>
            <Textarea id="incident-description" value={description} maxLength={4000} onChange={(event) => setDescription(event.target.value)} aria-invalid={Boolean(errors.description)} />
            {errors.description ? <FieldError>{errors.description}</FieldError> : null}
          </Field>
          <Field>
            <Label htmlFor="incident-people">People involved</Label>
            <Input id="incident-people" value={people} maxLength={1000} placeholder="Staff, customers, witnesses" onChange={(event) => setPeople(event.target.value)} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field>
              <Label htmlFor="incident-action">Follow-up action</Label>
              <Input id="incident-action" value={action} maxLength={500} placeholder="e.g. Fix the shelf bracket" onChange={(event) => setAction(event.target.value)} />
            </Field>
            <Field>
              <Label htmlFor="incident-action-owner">Who does it</Label>
              <OwnerSelect id="incident-action-owner" owners={owners} value={owner} onChange={setOwner} />
            </Field>
          </div>
          {create.isError ? <ErrorAlert title="The incident was not logged" error={create.error} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Log incident'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function AddAction({ incident, owners }: { incident: Incident; owners: IncidentOwner[] }) {
  const [text, setText] = useState('');
  const [owner, setOwner] = useState('');
  const add = useAddIncidentAction();
  const id = `add-action-${incident.id}`;
  return (
    <form
      className="grid gap-2 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        add.mutate({ id: incident.id, description: text.trim(), ownerId: owner || null }, { onSuccess: () => { setText(''); setOwner(''); }, onError: (error) => toast.error(errorMessage(error)) });
      }}
    >
      <Field>
        <Label htmlFor={id}>New follow-up action</Label>
        <Input id={id} value={text} maxLength={500} onChange={(event) => setText(event.target.value)} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-owner`}>Who does it</Label>
        <OwnerSelect id={`${id}-owner`} owners={owners} value={owner} onChange={setOwner} />
      </Field>
      <Button type="submit" variant="outline" disabled={add.isPending || !text.trim()}>
        Add
      </Button>
    </form>
  );
}

/** The incident's photos, with a camera button (a phone opens its back camera) while it is open. */
function IncidentPhotos({ incident, editable }: { incident: Incident; editable: boolean }) {
  const attach = useAttachIncidentPhoto();
  const remove = useRemoveIncidentPhoto();
  const inputId = `incident-photo-${incident.id}`;
  const uploading = attach.isPending && attach.variables?.id === incident.id;
  const busy = uploading || (remove.isPending && remove.variables?.id === incident.id);
  const label = `${INCIDENT_TYPE_LABELS[incident.type].toLowerCase()} on ${new Date(incident.occurred_at).toLocaleDateString()}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <PhotoThumbnails
        label={`the ${label}`}
        photos={incident.photos}
        disabled={busy}
        onRemove={editable ? (photoId) => remove.mutate({ id: incident.id, photoId }, { onError: (error) => toast.error(errorMessage(error)) }) : undefined}
      />
      {editable && incident.photos.length < INCIDENT_PHOTOS_PER_INCIDENT ? (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) attach.mutate({ id: incident.id, file }, { onError: (error) => toast.error(errorMessage(error)) });
            }}
          />
          <Button asChild variant="outline" aria-disabled={busy}>
            <label htmlFor={inputId} className="cursor-pointer">
              <CameraIcon aria-hidden="true" />
              {uploading ? 'Uploading…' : 'Add photo'}
              <span className="sr-only"> of the {label}</span>
            </label>
          </Button>
        </>
      ) : null}
    </div>
  );
}

function IncidentCard({ incident, owners }: { incident: Incident; owners: IncidentOwner[] }) {
  const update = useUpdateIncident();
  const setDone = useSetIncidentActionDone();
  const closed = incident.status === 'closed';
  return (
    <li>
      <Card data-testid="incident">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle as="h3" className="text-base">
              {INCIDENT_TYPE_LABELS[incident.type]}
            </CardTitle>
            <Badge variant={SEVERITY_BADGE[incident.severity]}>{INCIDENT_SEVERITY_LABELS[incident.severity]} severity</Badge>
            <Badge variant={closed ? 'outline' : 'default'}>{closed ? 'Closed' : 'Open'}</Badge>
          </div>
          <CardDescription>
            {new Date(incident.occurred_at).toLocaleString()}
            {incident.location ? ` · ${incident.location}` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="whitespace-pre-wrap break-words">{incident.description}</p>
          {incident.people_involved ? <p className="text-sm text-muted-foreground">People involved: {incident.people_involved}</p> : null}
          {incident.actions.length > 0 ? (
            <ul className="grid gap-1" aria-label="Follow-up actions">
              {incident.actions.map((action) => (
                <li key={action.id}>
                  <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={action.done}
                      disabled={setDone.isPending}
                      onChange={(event) => setDone.mutate({ id: incident.id, actionId: action.id, done: event.target.checked }, { onError: (error) => toast.error(errorMessage(error)) })}
                    />
                    <span className={action.done ? 'text-muted-foreground line-through' : ''}>{action.description}</span>
                    {action.owner ? <span className="text-muted-foreground">· {action.owner.name}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <IncidentPhotos incident={incident} editable={!closed} />
          {closed ? null : <AddAction incident={incident} owners={owners} />}
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={update.isPending}
            onClick={() =>
              // The card may leave the filtered list once the answer is in: the promise still settles.
              update
                .mutateAsync({ id: incident.id, body: { status: closed ? 'open' : 'closed' } })
                .then(() => toast.success(closed ? 'Incident reopened' : 'Incident closed'))
                .catch((error: unknown) => toast.error(errorMessage(error)))
            }
          >
            {closed ? 'Reopen' : 'Close incident'}
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

/** /incidents: the business's incident log, with follow-ups, a filter and a CSV export. */
export function IncidentsPage() {
  const [filters, setFilters] = useState<IncidentFilters>({ status: 'open' });
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const incidents = useIncidents(filters);
  const owners = useIncidentOwners();
  const ownerList = owners.data ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      toast.success(`Saved ${await exportIncidents(filters)}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="grid gap-6">
      <PageHeader title="Incidents" description="Breakages, complaints, accidents and thefts: what happened and what was done about it." />
      {adding ? (
        <NewIncidentForm owners={ownerList} onDone={() => setAdding(false)} />
      ) : (
        <Button className="justify-self-start" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" /> Log an incident
        </Button>
      )}
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter incidents">
        <Field className="w-full sm:w-40">
          <Label htmlFor="filter-status">Status</Label>
          <select id="filter-status" className={selectClass} value={filters.status ?? ''} onChange={(event) => setFilters({ ...filters, status: (event.target.value || undefined) as IncidentStatus | undefined })}>
            <option value="">All</option>
            {INCIDENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === 'open' ? 'Open' : 'Closed'}
              </option>
            ))}
          </select>
        </Field>
        <Field className="w-full sm:w-40">
          <Label htmlFor="filter-type">Type</Label>
          <select id="filter-type" className={selectClass} value={filters.type ?? ''} onChange={(event) => setFilters({ ...filters, type: (event.target.value || undefined) as IncidentType | undefined })}>
            <option value="">All</option>
            {INCIDENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {INCIDENT_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field className="w-full sm:w-40">
          <Label htmlFor="filter-severity">Severity</Label>
          <select id="filter-severity" className={selectClass} value={filters.severity ?? ''} onChange={(event) => setFilters({ ...filters, severity: (event.target.value || undefined) as IncidentSeverity | undefined })}>
            <option value="">All</option>
            {INCIDENT_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {INCIDENT_SEVERITY_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
          <DownloadIcon aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {incidents.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading incidents...
        </p>
      ) : incidents.isError ? (
        <ErrorAlert title="The incidents could not be loaded" error={incidents.error} />
      ) : incidents.data.length === 0 ? (
        <p role="status" className="text-muted-foreground">
          No incidents match. Log one when something happens.
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Incidents">
          {incidents.data.map((incident) => (
            <IncidentCard key={incident.id} incident={incident} owners={ownerList} />
          ))}
        </ul>
      )}
    </div>
  );
}
