/**
 * Says that the books on this PC are damaged: which file, where, what, since when. Main found and worded it (the
 * chain of seals and the witness: main/core/storage/book-file.ts); this shows it on every screen until a person
 * deals with it, never behind a "Details".
 */
import type { BooksView } from '../../preload/contract';
import { localDateTime } from '../../preload/contract/local-time';

export function BooksNotice({ books }: { readonly books: BooksView | undefined }) {
  if (books === undefined || books.verified) return null;
  const held = books.heldMovements;
  return (
    <section className="books-notice" role="alert" aria-label="Books damaged">
      <strong>The books on this PC are damaged.</strong> The table still shows; shifts, and any movement a damaged
      record names, wait until a manager has checked the books.
      {held > 0 && ` ${held === 1 ? '1 movement is' : `${held} movements are`} held back.`}
      <ul>
        {books.damage.map((entry) => (
          <li key={`${entry.file}|${entry.where}|${entry.what}`}>
            {entry.file}, {entry.where}: {entry.what} <span className="since">Since {localDateTime(entry.since)}.</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
