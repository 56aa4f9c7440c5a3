import Link from 'next/link';
import { TodoSection } from '@/components/todo/todo-list';
import { BackupStatus } from './backup-status';
import { Card, PageHeader } from '@/components/ui/layout';
import { serverApi } from '@/lib/api-server';

export default async function AdminHome() {
  const api = await serverApi();
  const [{ data: seasons = [] }, { data: clubs = [] }, { data: users = [] }] = await Promise.all([
    api.GET('/api/seasons'),
    api.GET('/api/clubs'),
    api.GET('/api/users'),
  ]);
  const tiles = [
    { href: '/beheer/seizoenen', title: 'Seizoenen', count: seasons.length, text: 'Data, instellingen, poules en teams' },
    { href: '/beheer/verenigingen', title: 'Verenigingen', count: clubs.length, text: 'Aangesloten verenigingen' },
    { href: '/beheer/gebruikers', title: 'Gebruikers', count: users.length, text: 'Beheerders, secretarissen en wedstrijdleiders' },
  ];
  return (
    <>
      <PageHeader title="Beheer" description="Richt het seizoen in en beheer de bond." />
      <TodoSection api={api} />
      <div className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <Link key={tile.href} href={tile.href} className="block">
            <Card className="h-full hover:ring-brand-600">
              <p className="text-3xl font-bold text-brand-700">{tile.count}</p>
              <p className="font-semibold">{tile.title}</p>
              <p className="text-sm text-stone-600">{tile.text}</p>
            </Card>
          </Link>
        ))}
      </div>
      <div className="mt-6">
        <BackupStatus api={api} />
      </div>
    </>
  );
}
