import { ConfirmAction } from '@/components/confirm-action';
import { ResourceForm } from '@/components/resource-form';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';

export const metadata = { title: 'Gebruikers' };

const ROLE_LABELS = { ADMIN: 'Bondsbeheerder', SECRETARY: 'Secretaris', SUPERVISOR: 'Wedstrijdleider' } as const;

export default async function UsersPage() {
  const api = await serverApi();
  const [{ data: users = [] }, { data: clubs = [] }] = await Promise.all([api.GET('/api/users'), api.GET('/api/clubs')]);
  return (
    <>
      <PageHeader title="Gebruikers" />
      <div className="space-y-6">
        <Table caption="Gebruikers">
          <thead>
            <tr>
              <Th>Naam</Th>
              <Th>E-mail</Th>
              <Th>Rol</Th>
              <Th>Vereniging</Th>
              <Th />
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {users.map((u) => (
              <tr key={u.id}>
                <Td className="font-medium">{u.name}</Td>
                <Td>{u.email}</Td>
                <Td>
                  <Badge tone={u.role === 'ADMIN' ? 'info' : 'neutral'}>{ROLE_LABELS[u.role]}</Badge>
                </Td>
                <Td>{u.clubName ?? '—'}</Td>
                <Td>
                  {u.archivedAt ? (
                    <Badge>Gearchiveerd</Badge>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      {u.invited && (
                        <>
                          <Badge tone="warn">Uitgenodigd</Badge>
                          <ConfirmAction action={`/api/users/${u.id}/invitation`} label="Uitnodiging opnieuw sturen" question={`Nieuwe uitnodiging aan ${u.email}? De vorige link vervalt.`} done={`Nieuwe uitnodiging verstuurd aan ${u.email}; de vorige link vervalt.`} />
                        </>
                      )}
                      <ConfirmAction action={`/api/users/${u.id}/archive`} label="Archiveren" question={`${u.name} archiveren?`} done={`Gebruiker ${u.name} gearchiveerd.`} />
                    </div>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Card title="Nieuwe gebruiker uitnodigen">
          <ResourceForm
            action="/api/users"
            submitLabel="Gebruiker uitnodigen"
            successMessage="Gebruiker aangemaakt. Zonder wachtwoord krijgt de gebruiker een uitnodiging per e-mail (7 dagen geldig)."
            fields={[
              { name: 'name', label: 'Naam', required: true },
              { name: 'email', label: 'E-mailadres', type: 'email', required: true },
              { name: 'role', label: 'Rol', type: 'select', required: true, options: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })) },
              { name: 'clubId', label: 'Vereniging (voor secretarissen)', type: 'select', options: clubs.map((c) => ({ value: c.id, label: c.name })) },
              { name: 'password', label: 'Wachtwoord (niet nodig)', type: 'password', hint: 'Leeg laten: de gebruiker kiest zelf een wachtwoord via de uitnodiging. Alleen invullen als u het wachtwoord zelf doorgeeft (minstens 10 tekens).' },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
