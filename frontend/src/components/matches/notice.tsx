// The answer to a save: green when it worked, red (and announced) when it did not.
import { cn } from '@/lib/cn';

export interface NoticeMessage {
  tone: 'good' | 'bad';
  lines: string[];
}

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
