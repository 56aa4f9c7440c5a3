/** A filter of a GET form: a labelled select whose first option, "Alle", means no filter. */
export function FilterSelect({ name, label, value, options }: { name: string; label: string; value?: string; options: [string, string][] }) {
  return (
    <label className="text-sm text-stone-700">
      {label}
      <select name={name} aria-label={label} defaultValue={value ?? ''} className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base sm:text-sm">
        <option value="">Alle</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}
