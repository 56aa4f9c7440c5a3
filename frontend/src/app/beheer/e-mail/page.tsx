import { Fragment, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { serverApi } from '@/lib/api-server';
import { formatMoment } from '@/lib/format';
import { MAIL_STATES } from '@/lib/vocabulary';

export const metadata = { title: 'E-mail' };

const STATUS = { PENDING: [MAIL_STATES.PENDING, 'neutral'], SENT: [MAIL_STATES.SENT, 'good'], FAILED: [MAIL_STATES.FAILED, 'bad'] } as const;

/** A mail's plain text, with its links clickable (the catcher's mails hold the demo's links). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 font-sans text-sm ring-1 ring-stone-200">
      {parts.map((part, i): ReactNode =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

/** Where mail goes, what the local mail catcher received, and the log of every mail sent. */
export default async function MailPage() {
  const api = await serverApi();
  const [{ data: settings }, { data: caught = [] }, { data: outgoing = [] }] = await Promise.all([api.GET('/api/mail/settings'), api.GET('/api/mail/caught'), api.GET('/api/mail/outgoing')]);
  const catcher = settings?.delivery === 'CATCHER';
  return (
    <>
      <PageHeader
        title="E-mail"
        description={
          catcher
            ? 'Er is geen mailserver ingesteld: mail komt niet bij de ontvanger aan. Het systeem bewaart elke mail hieronder, zodat u hem kunt lezen en een link kunt doorgeven.'
            : `Mail gaat via ${settings?.smtpServer ?? 'de ingestelde mailserver'}, afzender ${settings?.from ?? ''}.`
        }
      />
      <div className="space-y-6">
        {catcher && (
          <Card title="Bewaard in het systeem (niet bij de ontvanger)">
            {caught.length === 0 ? (
              <EmptyState title="Nog geen mail ontvangen." />
            ) : (
              <ul className="space-y-2">
                {caught.map((mail) => (
                  <li key={mail.id}>
                    <details className="rounded-md ring-1 ring-stone-200">
                      <summary className="cursor-pointer p-3 text-sm">
                        <span className="font-medium">{mail.subject || '(geen onderwerp)'}</span> — aan {mail.to} <span className="text-stone-500">({formatMoment(mail.receivedAt)})</span>
                      </summary>
                      <div className="px-3 pb-3">
                        <p className="mb-2 text-xs text-stone-500">Van {mail.from}</p>
                        <TextWithLinks text={mail.text} />
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        <Table caption="Verzonden mail (de laatste 200)">
          <thead>
            <tr>
              <Th>Gemaakt</Th>
              <Th>Aan</Th>
              <Th>Onderwerp</Th>
              <Th>Soort</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {outgoing.map((mail) => (
              <tr key={mail.id}>
                <Td className="whitespace-nowrap">{formatMoment(mail.createdAt)}</Td>
                <Td>{mail.to}</Td>
                <Td>{mail.subject}</Td>
                <Td>
                  <span title={mail.kind}>{mail.kindName}</span>
                </Td>
                <Td>
                  <Badge tone={STATUS[mail.status][1]}>{STATUS[mail.status][0]}</Badge>
                  {mail.error && <p className="mt-1 text-xs text-red-700">{mail.error}</p>}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        {outgoing.length === 0 && <EmptyState title="Er is nog geen mail verstuurd." />}
      </div>
    </>
  );
}
