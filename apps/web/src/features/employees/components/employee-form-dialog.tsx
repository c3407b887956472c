import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_PERMISSION_FLAGS, EMPLOYEE_PERMISSION_FLAGS, type AdminPermissionFlag, type EmployeePermissionFlag } from '@till/core';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import type { Employee } from '../api/types';
import { EmployeeStores } from './employee-stores';
import {
  ADMIN_PERMISSION_LABELS,
  ASSIGNABLE_ROLES,
  EMPLOYEE_PERMISSION_LABELS,
  employeeForm,
  employeeFormValues,
  emptyEmployeeForm,
  type EmployeeFormValues,
} from '../utils/employee-form';

interface EmployeeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The employee to edit; none to add one. */
  employee: Employee | null;
  pending: boolean;
  error: unknown;
  onSubmit: (values: EmployeeFormValues) => void;
}

type FlagName = `permissions.${EmployeePermissionFlag}` | `adminPermissions.${AdminPermissionFlag}`;

function FlagSwitch({ control, name, label, disabled }: { control: Control<EmployeeFormValues>; name: FlagName; label: string; disabled?: boolean }) {
  const id = `employee-${name.replace('.', '-')}`;
  return (
    <li className="flex min-h-11 items-center justify-between gap-4">
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch id={id} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={disabled} />
        )}
      />
    </li>
  );
}

/** Add or edit an employee: name, email, role, the six permission flags, the nine admin flags for admins, and a PIN. */
export function EmployeeFormDialog({ open, onOpenChange, employee, pending, error, onSubmit }: EmployeeFormDialogProps) {
  const isOwner = employee?.role === 'business_owner';
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EmployeeFormValues>({
    resolver: zodResolver(employeeForm),
    defaultValues: employee ? employeeFormValues(employee) : emptyEmployeeForm(),
  });
  const role = useWatch({ control, name: 'role' });
  const editing = employee !== null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${employee.full_name}` : 'Add employee'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change what they can do, or give them a new PIN. Their PIN is never shown.'
              : 'They sign in on the till with a PIN. Without one, you get a one-time setup code to give them.'}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
          {error ? <ErrorAlert title={editing ? 'The changes were not saved' : 'The employee was not added'} error={error} /> : null}

          <Field>
            <Label htmlFor="employee-full-name">Full name</Label>
            <Input
              id="employee-full-name"
              autoComplete="off"
              aria-invalid={errors.fullName ? true : undefined}
              aria-describedby={errors.fullName ? 'employee-full-name-error' : undefined}
              {...register('fullName')}
            />
            <FieldError id="employee-full-name-error">{errors.fullName?.message}</FieldError>
          </Field>

          <Field>
            <Label htmlFor="employee-email">Email (optional)</Label>
            <Input
              id="employee-email"
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'employee-email-error' : undefined}
              {...register('email')}
            />
            <FieldError id="employee-email-error">{errors.email?.message}</FieldError>
          </Field>

          {isOwner ? (
            <div className="grid gap-1">
              <p className="text-sm font-medium">Role</p>
              <p className="text-sm text-muted-foreground">Business owner: keeps the role and every permission.</p>
            </div>
          ) : (
            <Field>
              <Label htmlFor="employee-role">Role</Label>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="employee-role" ref={field.ref} onBlur={field.onBlur} aria-describedby="employee-role-hint">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {ASSIGNABLE_ROLES.map((option) => (
                        <SelectItem key={option} value={option}>
                          {EMPLOYEE_ROLE_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldDescription id="employee-role-hint">
                Admins, managers and the owner may do everything below; cashiers and kitchen staff need the flag.
              </FieldDescription>
            </Field>
          )}

          {isOwner ? null : (
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium">Employee permissions</legend>
              <ul className="grid gap-x-6 sm:grid-cols-2">
                {EMPLOYEE_PERMISSION_FLAGS.map((flag) => (
                  <FlagSwitch key={flag} control={control} name={`permissions.${flag}`} label={EMPLOYEE_PERMISSION_LABELS[flag]} />
                ))}
              </ul>
            </fieldset>
          )}

          {!isOwner && role === 'admin' ? (
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium">Admin permissions</legend>
              <ul className="grid gap-x-6 sm:grid-cols-2">
                {ADMIN_PERMISSION_FLAGS.map((flag) => (
                  <FlagSwitch key={flag} control={control} name={`adminPermissions.${flag}`} label={ADMIN_PERMISSION_LABELS[flag]} />
                ))}
              </ul>
            </fieldset>
          ) : null}

          <Field>
            <Label htmlFor="employee-pin">{editing ? 'New PIN (optional)' : 'PIN (optional)'}</Label>
            <Input
              id="employee-pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={6}
              className="max-w-48 tracking-widest"
              aria-invalid={errors.pin ? true : undefined}
              aria-describedby={errors.pin ? 'employee-pin-error employee-pin-hint' : 'employee-pin-hint'}
              {...register('pin')}
            />
            <FieldDescription id="employee-pin-hint">
              {editing
                ? '4 to 6 digits. Leave empty to keep their PIN.'
                : '4 to 6 digits. Leave empty to get a one-time setup code; they then choose their own PIN.'}
            </FieldDescription>
            <FieldError id="employee-pin-error">{errors.pin?.message}</FieldError>
          </Field>

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : editing ? 'Save changes' : 'Add employee'}
            </Button>
          </DialogFooter>
        </form>
        {employee ? <EmployeeStores employeeId={employee.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}
