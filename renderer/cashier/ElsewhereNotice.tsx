/**
 * Unfinished movements kept in this data folder for another venue (the journal belongs to the venue, not to the
 * address): they resume only when that venue is connected, so the cashier must know they exist.
 */
export function ElsewhereNotice({ lines }: { lines: readonly string[] | undefined }) {
  if (lines === undefined || lines.length === 0) return null;
  return (
    <section className="elsewhere" role="status" aria-label="Other venues">
      {lines.map((line) => (
        <p key={line} className="doubt-warning">
          {line}
        </p>
      ))}
    </section>
  );
}
