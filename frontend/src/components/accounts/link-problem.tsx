import Link from 'next/link';

/** A link from a mail that cannot be used: why, and where to get a new one. */
export function LinkProblem({ problem, again }: { problem: string; again: { href: string; label: string } | null }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
      <p>{problem}</p>
      {again && (
        <p>
          <Link href={again.href} className="font-medium underline">
            {again.label}
          </Link>
        </p>
      )}
    </div>
  );
}
