// "Te doen" (issue 17): what is still to be done for the logged-in person, each with a link to
// where it is done. Used by /te-doen and at the top of each role's landing page.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState } from '@/components/ui/layout';
import type { Api } from '@/lib/api-core';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';
import { taskCount } from '@/lib/vocabulary';
import { type TodoState, todoState, todoSummary } from './todo-state';

type Todo = Schemas['TodoDto'];

/** What the empty list tells each role to do next. */
const NOTHING_TO_DO: Record<Todo['role'], { title: string; text: string; href: string; link: string }> = {
  ADMIN: {
    title: 'Niets te doen: alle moederlijsten zijn binnen, alle uitslagen bevestigd en er staan geen boetes open.',
    text: 'Volgende stap: het programma van de komende ronde nakijken.',
    href: '/beheer/wedstrijden',
    link: 'Naar de wedstrijden',
  },
  SECRETARY: {
    title: 'Niets te doen: uw moederlijst is binnen, uitslagen zijn ingevoerd en bevestigd, er staan geen boetes open.',
    text: 'De spelerslijst van uw volgende wedstrijd kunt u al samenstellen.',
    href: '/vereniging/wedstrijden',
    link: 'Naar uw wedstrijden',
  },
  SUPERVISOR: {
    title: 'Niets te doen: geen betwiste uitslagen, geen geschillen aan tafel, geen onmogelijke standen en geen opmerkingen van teamleiders.',
    text: 'Vastgestelde uitslagen corrigeert u, met een reden, op de wedstrijdleiderspagina.',
    href: '/wedstrijdleider',
    link: 'Naar de vastgestelde uitslagen',
  },
};

function TodoBadge({ state }: { state: TodoState }) {
  return <Badge tone={state.tone}>{state.label}</Badge>;
}

type Item = Todo['items'][number];

function TodoRow({ item, now }: { item: Item; now: Date }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        <Link href={item.link} className="font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700">
          {item.title}
        </Link>
        <p className="text-sm text-stone-600">{item.detail}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2 text-sm">
        {item.date && <span className="text-stone-500">{formatDate(item.date)}</span>}
        <TodoBadge state={todoState(item, now)} />
      </div>
    </li>
  );
}

/**
 * `heading: false` when the page's own title already says "Te doen". What is only for
 * information (a fine the federation proposes to a secretary's club) is listed apart, under the
 * tasks, and counts as no task.
 */
export function TodoList({ todo, limit, heading = true, now = new Date() }: { todo: Todo; limit?: number; heading?: boolean; now?: Date }) {
  const tasks = todo.items.filter((item) => !item.info);
  const news = todo.items.filter((item) => item.info);
  const shown = limit ? tasks.slice(0, limit) : tasks;
  const rest = tasks.length - shown.length;
  const empty = NOTHING_TO_DO[todo.role];
  return (
    <Card className="mb-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        {heading && <h2 className="text-lg font-semibold text-brand-900">Te doen</h2>}
        {tasks.length > 0 && (
          <span className="text-sm text-stone-600">{todoSummary(tasks, now)}</span>
        )}
      </div>
      {tasks.length === 0 ? (
        <EmptyState title={empty.title}>
          {empty.text}{' '}
          <Link className="font-medium text-brand-700 underline" href={empty.href}>
            {empty.link}
          </Link>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Te doen">
          {shown.map((item) => (
            <TodoRow key={`${item.kind}-${item.link}-${item.title}`} item={item} now={now} />
          ))}
        </ul>
      )}
      {rest > 0 && (
        <Link href="/te-doen" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          Nog {taskCount(rest)}: alles bekijken
        </Link>
      )}
      {news.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-stone-700">Ter informatie: hier hoeft u niets te doen</h3>
          <ul className="divide-y divide-stone-100" aria-label="Ter informatie">
            {news.map((item) => (
              <TodoRow key={`${item.kind}-${item.link}-${item.title}`} item={item} now={now} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** For the landing pages: the list at the top, or nothing when the API has no answer. */
export async function TodoSection({ api, limit = 8 }: { api: Api; limit?: number }) {
  const { data } = await api.GET('/api/todo');
  return data ? <TodoList todo={data} limit={limit} /> : null;
}
