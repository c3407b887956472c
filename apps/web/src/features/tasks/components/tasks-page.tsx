import { TASK_STATUS_LABELS } from '@till/core';
import { CheckIcon, ClipboardCheckIcon, PencilIcon, PlayIcon, PlusIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTask, useTasks, useUpdateTask, type Task, type TaskFilters } from '../api/tasks-api';
import { formatDueDay } from './task-date';
import { ChecklistsSection } from './checklists-section';
import { TaskFormDialog } from './task-form-dialog';

const VIEWS = ['open', 'mine', 'overdue', 'done', 'all'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { open: 'To do', mine: 'Mine', overdue: 'Overdue', done: 'Done', all: 'All' };

function filtersOf(view: View, myEmployeeId: string | null): TaskFilters {
  switch (view) {
    case 'mine':
      return myEmployeeId ? { assigneeId: myEmployeeId } : {};
    case 'overdue':
      return { overdue: true };
    case 'done':
      return { status: 'done' };
    default:
      return {};
  }
}

function TaskRow({ task, canManage, canTick, onEdit }: { task: Task; canManage: boolean; canTick: boolean; onEdit: () => void }) {
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);
  const setStatus = (status: Task['status']) =>
    update.mutate({ id: task.id, changes: { status } }, { onError: (error) => toast.error(errorMessage(error)) });
  const done = task.status === 'done';
  return (
    <li className="grid gap-2 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className={done ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>{task.title}</p>
        {task.notes ? <p className="text-sm whitespace-pre-line text-muted-foreground">{task.notes}</p> : null}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={done ? 'success' : task.status === 'in_progress' ? 'default' : 'secondary'}>{TASK_STATUS_LABELS[task.status]}</Badge>
          {task.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
          <span className="text-muted-foreground">{task.assignee ? task.assignee.name : 'Anyone'}</span>
          {task.due_date ? <span className="text-muted-foreground">Due {formatDueDay(task.due_date)}</span> : null}
        </div>
      </div>
      {confirming ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>Delete this task?</span>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(task.id, { onSuccess: () => toast.success('Task deleted'), onError: (error) => toast.error(errorMessage(error)) })}
          >
            Delete
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {canTick && task.status === 'open' ? (
            <Button variant="outline" disabled={update.isPending} onClick={() => setStatus('in_progress')}>
              <PlayIcon aria-hidden="true" /> Start<span className="sr-only"> {task.title}</span>
            </Button>
          ) : null}
          {canTick && !done ? (
            <Button disabled={update.isPending} onClick={() => setStatus('done')}>
              <CheckIcon aria-hidden="true" /> Done<span className="sr-only"> {task.title}</span>
            </Button>
          ) : null}
          {canTick && done ? (
            <Button variant="outline" disabled={update.isPending} onClick={() => setStatus('open')}>
              <RotateCcwIcon aria-hidden="true" /> Reopen<span className="sr-only"> {task.title}</span>
            </Button>
          ) : null}
          {canManage ? (
            <>
              <Button variant="ghost" onClick={onEdit} aria-label={`Edit ${task.title}`}>
                <PencilIcon aria-hidden="true" />
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${task.title}`}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * /tasks: the business's to-do list. The owner, admins and managers add, assign and edit tasks;
 * everyone ticks off their own and unassigned ones (the server checks the same).
 */
/** `stores`: the business's open stores, for the checklists' store picker (empty with one store or multi_store off). */
export function TasksPage({ canManage, myEmployeeId, stores }: { canManage: boolean; myEmployeeId: string | null; stores: { id: string; name: string }[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) && (asked !== 'mine' || myEmployeeId) ? asked : 'open';
  const list = useTasks(filtersOf(view, myEmployeeId));
  const [editing, setEditing] = useState<Task | null | 'new'>(null);
  const shown = (list.data?.tasks ?? []).filter((task) => view !== 'open' || task.status !== 'done');

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Tasks"
        description="Opening and closing checklists, and jobs for the team: who does what, and by when."
        actions={
          canManage ? (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" /> Add task
            </Button>
          ) : null
        }
      />
      <ChecklistsSection canManage={canManage} stores={stores} />
      <h2 className="text-lg font-semibold">Team tasks</h2>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {VIEWS.filter((option) => option !== 'mine' || myEmployeeId).map((option) => (
          <Button
            key={option}
            variant={option === view ? 'default' : 'outline'}
            aria-pressed={option === view}
            onClick={() => setParams(option === 'open' ? {} : { view: option }, { replace: true })}
          >
            {VIEW_LABELS[option]}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading tasks...
        </p>
      ) : list.isError ? (
        <ErrorAlert title="The tasks could not be loaded" error={list.error} />
      ) : shown.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <ClipboardCheckIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <p role="status" className="font-medium">
            {view === 'overdue' ? 'Nothing is overdue.' : view === 'done' ? 'Nothing done yet.' : 'Nothing to do here.'}
          </p>
          {canManage && view === 'open' ? <p className="max-w-md text-muted-foreground">Add a task for someone, with the day it is due.</p> : null}
        </div>
      ) : (
        <ul aria-label="Tasks" className="grid gap-3">
          {shown.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              canManage={canManage}
              canTick={canManage || task.assignee === null || task.assignee.id === myEmployeeId}
              onEdit={() => setEditing(task)}
            />
          ))}
        </ul>
      )}
      <TaskFormDialog open={editing !== null} task={editing === 'new' ? null : editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
