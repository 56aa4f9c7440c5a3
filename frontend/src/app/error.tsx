'use client';
// The dashboard's error boundary. An outage of the API or its database (ApiUnavailableError,
// recognised by its digest, which Next.js passes on) gets the "tijdelijk niet bereikbaar"
// notice; anything else a short Dutch message instead of Next's English one.
import { Unavailable } from '@/components/unavailable';
import { isApiUnavailable } from '@/lib/api-unavailable';

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset?: () => void }) {
  if (isApiUnavailable(error)) return <Unavailable />;
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
      <h1 className="text-lg font-semibold">Er ging iets mis</h1>
      <p className="mt-1">Deze pagina kon niet worden geladen. Probeer het opnieuw; blijft het misgaan, neem dan contact op met de bond.</p>
      <button type="button" className="mt-3 underline" onClick={() => (reset ? reset() : window.location.reload())}>
        Opnieuw proberen
      </button>
    </div>
  );
}
