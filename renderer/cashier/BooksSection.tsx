/**
 * A shift summary's books: the seal of its close (the digest an auditor checks with `npm run verify -- --digest`),
 * whether its records verify or what is damaged, and when and by which version this paper was produced.
 */
import { localDateTime } from '../../preload/contract/local-time';
import type { SectionProps } from './summary-sections';

export function BooksSection({ summary }: SectionProps) {
  const books = summary.books ?? null;
  return (
    <section className="summary-books" aria-label="Books">
      <h4>Books</h4>
      <p>
        Digest: <span data-testid="summary-digest">{summary.digest ?? 'not sealed (the shift is open)'}</span>
      </p>
      {books === null || books.verified ? (
        <p data-testid="summary-books-state">Verified: every record sealed, nothing missing.</p>
      ) : (
        <div className="books-damage" data-testid="summary-books-state">
          <strong>DAMAGED</strong>
          <ul>
            {books.damage.map((entry) => (
              <li key={`${entry.file}|${entry.where}|${entry.what}`}>
                {entry.file}, {entry.where}: {entry.what} (since {localDateTime(entry.since)})
              </li>
            ))}
          </ul>
        </div>
      )}
      {summary.generatedAt !== undefined && (
        <p className="muted">
          Produced {localDateTime(summary.generatedAt)} by Venue Cashier {summary.appVersion ?? ''}
        </p>
      )}
    </section>
  );
}
