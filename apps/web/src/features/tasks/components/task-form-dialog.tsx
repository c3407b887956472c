import { TASK_NOTES_MAX, TASK_TITLE_MAX } from '@till/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useCreateTask, useTaskAssignees, useUpdateTask, type Task } from '../api/tasks-api';

const NOBODY = 'nobody';

function TaskForm({ task, onDone }: { task: Task | null; onDone: () => void }) {
  const assignees = useTaskAssignees();
  const create = useCreateTask();
  const update = useUpdateTask();
  const [title, setTitle] = useState(task?.title ?? '');
  const [notes, setNotes] = useState(task?.notes ?? '');
  const [assigneeId, setAssigneeId] = useState(task?.assignee?.id ?? NOBODY);
  const [dueDate, setDueDate] = useState(task?.due_date ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (title.trim() === '') return setTitleError('Give the task a title');
        if (title.trim().length > TASK_TITLE_MAX) return setTitleError(`Use at most ${TASK_TITLE_MAX} characters`);
        setTitleError(null);
        const payload = { title: title.trim(), notes: notes.trim() || null, assignee_id: assigneeId === NOBODY ? null : assigneeId, due_date: dueDate || null };
        const done = (saved: Task) => {
          toast.success(task ? 'Task updated' : `Task “${saved.title}” added`);
          onDone();
        };
        if (task) update.mutate({ id: task.id, changes: payload }, { onSuccess: done });
        else create.mutate(payload, { onSuccess: done });
      }}
    >
      <Field>
        <Label htmlFor="task-title">Title</Label>
        <Input
          id="task-title"
          autoFocus
          autoComplete="off"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'task-title-error' : undefined}
        />
        <FieldError id="task-title-error">{titleError}</FieldError>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="task-assignee">Assigned to</Label>
          <Select value={assigneeId} onValueChange={setAssigneeId}>
            <SelectTrigger id="task-assignee">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NOBODY}>Anyone</SelectItem>
              {(assignees.data ?? []).map((person) => (
                <SelectItem key={person.id} value={person.id}>
                  {person.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field>
          <Label htmlFor="task-due">
            Due <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input id="task-due" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        </Field>
      </div>
      <Field>
        <Label htmlFor="task-notes">
          Notes <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea id="task-notes" rows={3} maxLength={TASK_NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Field>
      {failure ? <ErrorAlert title="Not saved" message={errorMessage(failure)} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : task ? 'Save changes' : 'Add task'}
        </Button>
      </div>
    </form>
  );
}

/** Add or edit a task. */
export function TaskFormDialog({ open, task, onOpenChange }: { open: boolean; task: Task | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{task ? 'Edit task' : 'Add task'}</DialogTitle>
          <DialogDescription>{task ? 'Change the task; every change is kept in the audit log.' : 'Work for someone in the business, with a day it is due.'}</DialogDescription>
        </DialogHeader>
        {open ? <TaskForm key={task?.id ?? 'new'} task={task} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
