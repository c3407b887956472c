import { BanIcon, CopyIcon, LinkIcon, MailPlusIcon, PencilIcon, SearchIcon, ShieldCheckIcon, Trash2Icon, UserPlusIcon } from 'lucide-react';
import { useDeferredValue, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import {
  USERS_PAGE_SIZE,
  useCreateUser,
  useDeleteUser,
  useGenerateLink,
  useInviteUser,
  usePlatformUsers,
  useUpdateUser,
  type PlatformUser,
  type UpdateUserInput,
} from '../api/users';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How long a ban lasts: hours, or until lifted. */
const BAN_CHOICES = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
  { value: 'forever', label: 'Until lifted' },
] as const;

type Dialogs =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: 'edit'; user: PlatformUser }
  | { kind: 'ban'; user: PlatformUser }
  | { kind: 'delete'; user: PlatformUser }
  | { kind: 'link'; user: PlatformUser; label: string; link: string };

function TextField(props: { id: string; label: string; value: string; onChange: (value: string) => void; type?: string; autoComplete?: string; description?: string; required?: boolean }) {
  return (
    <Field>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        required={props.required}
        autoComplete={props.autoComplete ?? 'off'}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.description ? <FieldDescription>{props.description}</FieldDescription> : null}
    </Field>
  );
}

function FormDialog(props: { title: string; description: string; onClose: () => void; onSubmit: () => void; pending: boolean; submitLabel: string; error: unknown; errorTitle: string; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">{props.title}</DialogTitle>
        <DialogDescription>{props.description}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit} aria-label={props.title}>
        {props.children}
        {props.error ? <ErrorAlert title={props.errorTitle} error={props.error} /> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.pending}>
            {props.pending ? 'Saving...' : props.submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const [values, setValues] = useState({ email: '', name: '', phone: '', password: '', emailConfirmed: false });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = () =>
    create.mutate(
      {
        email: values.email.trim(),
        email_confirmed: values.emailConfirmed,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(values.password ? { password: values.password } : {}),
      },
      {
        onSuccess: (user) => {
          toast.success(`Account made for ${user.email ?? user.name}`);
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title="Create user"
      description="The account gets a business of its own, as a sign-up makes. Without a password it signs in by code, link or a password reset."
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Create user"
      error={create.error}
      errorTitle="The user was not created"
    >
      <TextField id="new-user-email" label="E-mail" type="email" value={values.email} onChange={set('email')} required />
      <TextField id="new-user-name" label="Name" value={values.name} onChange={set('name')} />
      <TextField id="new-user-phone" label="Phone (optional)" type="tel" value={values.phone} onChange={set('phone')} />
      <TextField id="new-user-password" label="Password (optional)" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={values.emailConfirmed} onChange={(event) => setValues((current) => ({ ...current, emailConfirmed: event.target.checked }))} />
        The e-mail address is confirmed
      </label>
    </FormDialog>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const submit = () =>
    invite.mutate(
      { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${email.trim()}`);
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title="Invite user"
      description="An e-mail with a link, working once for 7 days, on which they choose a password and start with a business of their own."
      onClose={onClose}
      onSubmit={submit}
      pending={invite.isPending}
      submitLabel="Send invitation"
      error={invite.error}
      errorTitle="The invitation was not sent"
    >
      <TextField id="invite-email" label="E-mail" type="email" value={email} onChange={setEmail} required />
      <TextField id="invite-name" label="Name (optional)" value={name} onChange={setName} />
    </FormDialog>
  );
}

function EditUserDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [values, setValues] = useState({ email: user.email ?? '', name: user.name, phone: user.phone_number ?? '', password: '', emailConfirmed: user.email_confirmed });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const body: UpdateUserInput = {};
    if (values.name.trim() !== user.name) body.name = values.name.trim();
    if (values.email.trim() && values.email.trim() !== user.email) body.email = values.email.trim();
    if (values.phone.trim() !== (user.phone_number ?? '')) body.phone = values.phone.trim() || null;
    if (values.password) body.password = values.password;
    if (values.emailConfirmed !== user.email_confirmed) body.email_confirmed = values.emailConfirmed;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success('User saved');
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={`Edit ${user.email ?? user.name}`}
      description="Leave the password empty to keep it. A new e-mail address is unconfirmed unless you tick the box."
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel="Save user"
      error={update.error}
      errorTitle="The user was not saved"
    >
      <TextField id="edit-user-email" label="E-mail" type="email" value={values.email} onChange={set('email')} />
      <TextField id="edit-user-name" label="Name" value={values.name} onChange={set('name')} />
      <TextField id="edit-user-phone" label="Phone" type="tel" value={values.phone} onChange={set('phone')} description="Empty removes it." />
      <TextField id="edit-user-password" label="New password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={values.emailConfirmed} onChange={(event) => setValues((current) => ({ ...current, emailConfirmed: event.target.checked }))} />
        The e-mail address is confirmed
      </label>
    </FormDialog>
  );
}

function BanDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [choice, setChoice] = useState<(typeof BAN_CHOICES)[number]['value']>('24');
  const submit = () =>
    update.mutate(
      { id: user.id, body: { ban: choice === 'forever' ? 'forever' : { hours: Number(choice) } } },
      {
        onSuccess: () => {
          toast.success(`${user.email ?? user.name} is banned`);
          onClose();
        },
      },
    );
  return (
    <FormDialog
      title={`Ban ${user.email ?? user.name}`}
      description="Their sessions end at once, and no way of signing in works until the ban ends or you lift it."
      onClose={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel="Ban user"
      error={update.error}
      errorTitle="The user was not banned"
    >
      <Field>
        <Label htmlFor="ban-duration">For how long</Label>
        <select id="ban-duration" className={selectClass} value={choice} onChange={(event) => setChoice(event.target.value as typeof choice)}>
          {BAN_CHOICES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </FormDialog>
  );
}

function DeleteDialog({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const remove = useDeleteUser();
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">Delete {user.email ?? user.name}?</DialogTitle>
        <DialogDescription>
          The account, its sessions{user.business_name ? ` and its business ${user.business_name} with everything in it` : ''} are deleted. This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      {remove.isError ? <ErrorAlert title="The user was not deleted" error={remove.error} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(user.id, {
              onSuccess: () => {
                toast.success('User deleted');
                onClose();
              },
            })
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete user'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function LinkDialog({ label, link, onClose }: { label: string; link: string; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast.success('Link copied'),
      () => toast.error('The link could not be copied: select it and copy it by hand'),
    );
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle className="[overflow-wrap:anywhere]">{label}</DialogTitle>
        <DialogDescription>Hand it to the person only: whoever opens it acts as them. It works once.</DialogDescription>
      </DialogHeader>
      <Input aria-label={label} readOnly value={link} onFocus={(event) => event.target.select()} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button type="button" onClick={copy}>
          <CopyIcon aria-hidden="true" className="size-4" />
          Copy link
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function statusBadges(user: PlatformUser) {
  return (
    <>
      {user.banned ? <Badge variant="destructive">{user.banned_until ? `Banned until ${dateTimeFormat.format(new Date(user.banned_until))}` : 'Banned'}</Badge> : null}
      {user.email ? user.email_confirmed ? <Badge variant="success">Confirmed</Badge> : <Badge variant="warning">Not confirmed</Badge> : <Badge variant="outline">No e-mail</Badge>}
    </>
  );
}

function UserRow({ user, isSelf, onDialog }: { user: PlatformUser; isSelf: boolean; onDialog: (dialog: Dialogs) => void }) {
  const unban = useUpdateUser();
  const link = useGenerateLink();
  const who = user.email ?? user.name;
  const generate = (type: 'magiclink' | 'recovery', label: string) =>
    link.mutate(
      { type, email: user.email ?? '' },
      { onSuccess: (answer) => onDialog({ kind: 'link', user, label, link: answer.action_link }), onError: (error) => toast.error(errorMessage(error)) },
    );
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{who}</span>
          {statusBadges(user)}
        </p>
        <p className="text-sm text-muted-foreground">
          {user.email && user.name !== user.email ? `${user.name} · ` : ''}
          {user.business_name ? `${user.business_name} · ` : ''}Created {dateFormat.format(new Date(user.created_at))} · Last sign-in{' '}
          {user.last_sign_in_at ? dateTimeFormat.format(new Date(user.last_sign_in_at)) : 'never'}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${who}`} onClick={() => onDialog({ kind: 'edit', user })}>
          <PencilIcon aria-hidden="true" className="size-4" />
        </Button>
        {user.email ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="ghost" size="icon" aria-label={`Links for ${who}`} disabled={link.isPending}>
                <LinkIcon aria-hidden="true" className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => generate('magiclink', `Sign-in link for ${who}`)}>Sign-in link</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => generate('recovery', `Password reset link for ${who}`)}>Password reset link</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
        {isSelf ? null : user.banned ? (
          <Button
            type="button"
            variant="outline"
            disabled={unban.isPending}
            onClick={() => unban.mutate({ id: user.id, body: { ban: 'none' } }, { onSuccess: () => toast.success(`${who} may sign in again`), onError: (error) => toast.error(errorMessage(error)) })}
          >
            <ShieldCheckIcon aria-hidden="true" className="size-4" />
            Lift ban
          </Button>
        ) : (
          <Button type="button" variant="ghost" size="icon" aria-label={`Ban ${who}`} onClick={() => onDialog({ kind: 'ban', user })}>
            <BanIcon aria-hidden="true" className="size-4" />
          </Button>
        )}
        {isSelf ? null : (
          <Button type="button" variant="ghost" size="icon" aria-label={`Delete ${who}`} onClick={() => onDialog({ kind: 'delete', user })}>
            <Trash2Icon aria-hidden="true" className="size-4 text-destructive" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** /superadmin's users section (SPEC §7 admin users, invite, generate_link; decision 067). */
export function UsersSection() {
  const me = useMe();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const deferredSearch = useDeferredValue(search.trim());
  const users = usePlatformUsers(deferredSearch, page);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <CardDescription>Every account on this deployment: create, invite, change, ban or delete one, or hand over a sign-in link.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <Field className="min-w-0 flex-1 basis-60">
            <Label htmlFor="users-search">Search</Label>
            <div className="relative">
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id="users-search"
                type="search"
                className="pl-9"
                placeholder="E-mail, name or phone"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
              />
            </div>
          </Field>
          <Button type="button" onClick={() => setDialog({ kind: 'create' })}>
            <UserPlusIcon aria-hidden="true" className="size-4" />
            Create user
          </Button>
          <Button type="button" variant="outline" onClick={() => setDialog({ kind: 'invite' })}>
            <MailPlusIcon aria-hidden="true" className="size-4" />
            Invite
          </Button>
        </div>
        {users.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading users...
          </p>
        ) : users.isError ? (
          <ErrorAlert title="The users could not be loaded" error={users.error} />
        ) : users.data.users.length === 0 ? (
          <p className="text-muted-foreground">{deferredSearch ? `No user matches "${deferredSearch}".` : 'No users yet.'}</p>
        ) : (
          <ul aria-label="Users" className="grid">
            {users.data.users.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === me.data?.user?.id} onDialog={setDialog} />
            ))}
          </ul>
        )}
        <nav aria-label="Users pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            {total} {total === 1 ? 'user' : 'users'} · page {Math.min(page + 1, pages)} of {pages}
          </span>
          <span className="flex gap-2">
            <Button type="button" variant="outline" disabled={page === 0} onClick={() => setPage((current) => Math.max(0, current - 1))}>
              Previous
            </Button>
            <Button type="button" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage((current) => current + 1)}>
              Next
            </Button>
          </span>
        </nav>
      </CardContent>
      <Dialog open={dialog.kind !== 'none'} onOpenChange={(open) => (open ? undefined : close())}>
        {dialog.kind === 'create' ? <CreateUserDialog onClose={close} /> : null}
        {dialog.kind === 'invite' ? <InviteDialog onClose={close} /> : null}
        {dialog.kind === 'edit' ? <EditUserDialog key={dialog.user.id} user={dialog.user} onClose={close} /> : null}
        {dialog.kind === 'ban' ? <BanDialog user={dialog.user} onClose={close} /> : null}
        {dialog.kind === 'delete' ? <DeleteDialog user={dialog.user} onClose={close} /> : null}
        {dialog.kind === 'link' ? <LinkDialog label={dialog.label} link={dialog.link} onClose={close} /> : null}
      </Dialog>
    </Card>
  );
}
