/** Terms and their values, in two columns from sm up (a project's criteria, a lead's property). */
export function FactList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-base-content/75">{term}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
