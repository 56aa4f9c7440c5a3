import { Badge } from '@/components/ui/badge';
import type { Schemas } from '@/lib/api-server';
import { formatDate } from '@/lib/format';

type DeadlineStatus = Schemas['MemberListDto']['deadlineStatus'];
type Entry = Schemas['MemberListEntryDto'];

const DEADLINE: Record<DeadlineStatus, { tone: 'good' | 'warn' | 'bad'; label: string }> = {
  ON_TIME: { tone: 'good', label: 'Op tijd ingediend' },
  LATE: { tone: 'warn', label: 'Te laat ingediend' },
  NOT_SUBMITTED: { tone: 'bad', label: 'Niet ingediend' },
};

/** Regel 1: on time, late or not submitted. */
export function DeadlineBadge({ status }: { status: DeadlineStatus }) {
  return <Badge tone={DEADLINE[status].tone}>{DEADLINE[status].label}</Badge>;
}

export const DEADLINE_LABELS = Object.fromEntries(Object.entries(DEADLINE).map(([status, { label }]) => [status, label])) as Record<DeadlineStatus, string>;

/** Regel 4 status today, removal and played history of one entry. */
export function EntryBadges({ entry }: { entry: Entry }) {
  return (
    <span className="flex flex-wrap gap-1">
      {entry.removedAt ? (
        <Badge>Afgevoerd {formatDate(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date(entry.removedAt)))}</Badge>
      ) : entry.status === 'EXPELLED' ? (
        <Badge tone="bad">Geroyeerd</Badge>
      ) : entry.status === 'SUSPENDED' ? (
        <Badge tone="warn">Geschorst</Badge>
      ) : (
        <Badge tone="good">Actief</Badge>
      )}
      {entry.matchesPlayed > 0 && (
        <Badge tone="info">
          {entry.matchesPlayed} {entry.matchesPlayed === 1 ? 'wedstrijd' : 'wedstrijden'} gespeeld
        </Badge>
      )}
    </span>
  );
}

/** "Doëlla, Chérie" or "Hek, Jozef van 't", as on the federation's lists. */
export function listName(member: { familyName: string; namePrefix: string | null; givenNames: string }): string {
  return `${member.familyName}, ${[member.givenNames, member.namePrefix].filter(Boolean).join(' ')}`;
}

/** What became of a transfer (Regel 2), for a secretary. */
export function transferStatusText(transfer: Schemas['TransferDto']): string {
  switch (transfer.status) {
    case 'REQUESTED':
      return 'wacht op een besluit van het bestuur';
    case 'APPROVED':
      return 'toegekend; gaat in bij het volgende seizoen (nog niet aangemaakt)';
    case 'REFUSED':
      return 'afgewezen';
    default:
      return `verwerkt: vanaf seizoen ${transfer.effectiveSeasonName ?? '—'} op de moederlijst van ${transfer.toClubName}`;
  }
}
