'use client';
// What this phone keeps for a table whose code stopped working (issue 47, item 6): the sets
// waiting in the outbox and the sets typed but not saved. Shown on the table screen when its
// code stops working, and on the code page when a phone opens (or reloads) the old code: the
// pair reads that nothing is lost and that it goes on under the new code on this phone.
import { useEffect, useState } from 'react';
import type { TableView } from '@/lib/match-night';
import { loadDrafts } from './draft-store';
import { itemsOf, loadView, tableScope, withPending } from './outbox';
import { keptForNewCode } from './[code]/table-state';

export function KeptList({ kept, view }: { kept: { waiting: number[]; typed: number[] }; view: TableView }) {
  if (kept.waiting.length + kept.typed.length === 0) return null;
  const scoreOf = (n: number) => {
    const set = view.sets.find((s) => s.setNumber === n);
    return set && set.homePoints !== null && set.awayPoints !== null ? ` ${set.homePoints}–${set.awayPoints}` : '';
  };
  return (
    <section aria-label="Bewaard op deze telefoon" className="space-y-1 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">
        Uw invoer voor tafel {view.tableNumber} ({view.match.home.team} – {view.match.away.team}) is niet verloren: hij staat op deze telefoon.
      </p>
      <ul className="list-disc pl-5">
        {kept.waiting.map((n) => (
          <li key={`w${n}`}>
            Set {n}
            {scoreOf(n)}: nog niet verstuurd
          </li>
        ))}
        {kept.typed.map((n) => (
          <li key={`t${n}`}>Set {n}: half ingevoerd, nog niet opgeslagen</li>
        ))}
      </ul>
      <p>Vul hieronder de nieuwe code van tafel {view.tableNumber} in (of scan de nieuwe tafelkaart op deze telefoon): dan gaat alles daar verder. Of laat dit scherm zien aan de wedstrijdleider.</p>
    </section>
  );
}

/** On the code page: what this phone kept under `code`, read from its own storage (nothing when it kept nothing). */
export function KeptOnPhone({ code }: { code: string }) {
  const [found, setFound] = useState<{ kept: { waiting: number[]; typed: number[] }; view: TableView } | null>(null);
  useEffect(() => {
    void (async () => {
      const seen = await loadView(code);
      if (!seen) return;
      const items = await itemsOf(tableScope(code)).catch(() => []);
      const { drafts } = loadDrafts(seen.view.match.id, seen.view.tableNumber);
      setFound({ kept: keptForNewCode({ items, drafts }), view: withPending(seen.view, items) });
    })();
  }, [code]);
  if (!found || found.kept.waiting.length + found.kept.typed.length === 0) return null;
  return (
    <div className="mt-4">
      <KeptList kept={found.kept} view={found.view} />
    </div>
  );
}
