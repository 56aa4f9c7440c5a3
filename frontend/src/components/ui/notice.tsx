// The answer to a save: green when it worked, red (and announced) when it did not.
import { cn } from '@/lib/cn';

export type NoticeTone = 'good' | 'bad';

export interface NoticeMessage {
  tone: NoticeTone;
  lines: string[];
}

/** A boxed answer of one or more lines, for larger screens and forms. */
export function Notice({ message }: { message: NoticeMessage | null }) {
  if (!message) return null;
  const bad = message.tone === 'bad';
  return (
    <div role={bad ? 'alert' : 'status'} className={cn('rounded-md p-3 text-sm ring-1', bad ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-green-50 text-green-900 ring-green-200')}>
      {message.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export interface InlineMessage {
  tone: NoticeTone;
  text: string;
}

/** A one-line answer next to a form's button. */
export function InlineNotice({ message }: { message: InlineMessage | null }) {
  if (!message) return null;
  const bad = message.tone === 'bad';
  return (
    <p role={bad ? 'alert' : 'status'} className={bad ? 'text-sm text-red-700' : 'text-sm text-green-800'}>
      {message.text}
    </p>
  );
}
