import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EMPLOYEE_ROLE_LABELS } from '@/lib/employee-roles';
import { useOnShift } from '../api/get-on-shift';
import type { ZonedFormatters } from '../utils/format';

/** Who is clocked in right now, and who of them is on a break. */
export function OnShiftCard({ formatters }: { formatters: ZonedFormatters }) {
  const onShift = useOnShift();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="on-shift-heading">On shift now</CardTitle>
        <CardDescription>Everyone who is clocked in.</CardDescription>
      </CardHeader>
      <CardContent>
        {onShift.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        ) : onShift.isError ? (
          <div className="grid justify-items-start gap-3">
            <ErrorAlert title="Could not load who is on shift" error={onShift.error} />
            <Button variant="outline" onClick={() => void onShift.refetch()} disabled={onShift.isFetching}>
              Try again
            </Button>
          </div>
        ) : onShift.data.length === 0 ? (
          <p className="text-muted-foreground">Nobody is clocked in right now.</p>
        ) : (
          <ul aria-labelledby="on-shift-heading" className="divide-y">
            {onShift.data.map((person) => (
              <li key={person.entry_id} className="flex min-h-11 flex-wrap items-center justify-between gap-2 py-2">
                <span className="grid">
                  <span className="font-medium">{person.employee_name}</span>
                  <span className="text-sm text-muted-foreground">
                    {EMPLOYEE_ROLE_LABELS[person.role]} · since {formatters.time(person.clock_in_time)}
                  </span>
                </span>
                {person.on_break ? <Badge variant="warning">On break</Badge> : <Badge variant="success">Working</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
