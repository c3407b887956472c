import { AlarmClockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTasks } from '../api/tasks-api';
import { formatDueDay } from './task-date';

/** The dashboard's reminder: tasks past their due day that are not done; nothing when there are none. */
export function OverdueTasksCard() {
  const overdue = useTasks({ overdue: true });
  const tasks = overdue.data?.tasks ?? [];
  if (tasks.length === 0) return null;
  return (
    <section aria-labelledby="overdue-tasks" className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 id="overdue-tasks" className="flex items-center gap-2 font-semibold">
        <AlarmClockIcon aria-hidden="true" className="size-5" />
        {tasks.length === 1 ? '1 overdue task' : `${tasks.length} overdue tasks`}
      </h2>
      <ul className="grid gap-1 text-sm">
        {tasks.slice(0, 5).map((task) => (
          <li key={task.id}>
            {task.title}
            <span className="text-amber-900"> · {task.assignee?.name ?? 'anyone'} · due {formatDueDay(task.due_date!)}</span>
          </li>
        ))}
      </ul>
      <Link to="/tasks?view=overdue" className="justify-self-start text-sm font-medium underline underline-offset-4">
        See the overdue tasks
      </Link>
    </section>
  );
}
