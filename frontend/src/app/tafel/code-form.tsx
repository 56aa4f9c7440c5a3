// The short code of a table card: ten letters and digits, typed with or without the dash.
import { buttonClass } from '@/components/ui/button';

export function CodeForm({ typed = '', invalid = false, message }: { typed?: string; invalid?: boolean; message?: string }) {
  const error = message ?? (invalid ? 'Een tafelcode heeft 10 tekens, bijvoorbeeld ABCDE-23456.' : null);
  return (
    <form method="get" action="/tafel" className="mt-4 space-y-3 rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <label htmlFor="tafelcode" className="block font-medium">
        Tafelcode
      </label>
      <input
        id="tafelcode"
        name="code"
        defaultValue={typed}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="XXXXX-XXXXX"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'tafelcode-fout' : undefined}
        className="block h-14 w-full rounded-md border border-stone-300 px-3 text-center font-mono text-2xl uppercase tracking-widest"
      />
      {error && (
        <p id="tafelcode-fout" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', 'min-h-14 w-full text-lg')}>
        Naar mijn tafel
      </button>
    </form>
  );
}
