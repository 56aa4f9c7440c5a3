import Link from 'next/link';
import { EmptyState } from '@/components/ui/layout';

export default function NotFound() {
  return (
    <EmptyState title="Deze pagina bestaat niet (meer).">
      Terug naar de <Link className="underline" href="/">startpagina</Link>.
    </EmptyState>
  );
}
