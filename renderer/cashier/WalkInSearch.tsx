/**
 * The walk-in's name: a combobox over the venue's roster (arrow keys and Enter pick, Escape closes the list first),
 * and a line saying who the name is: a regular, a new name, or a player already seated (with their seat's button).
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { SeatView } from '../../preload/contract';
import { MAX_NAME_LENGTH } from '../../preload/contract/money-rules';
import { searchRoster, type RosterEntry, type RosterIndex } from './roster-search';

interface WalkInSearchProps {
  /** The dialog's id prefix (useId). */
  readonly id: string;
  /** The roster, and why there is nothing to suggest from (or null). */
  readonly roster: { readonly index: RosterIndex; readonly note: string | null };
  readonly name: string;
  /** The name as typed (the dialog clears its error). */
  readonly onType: (name: string) => void;
  /** A name picked from the list (the dialog moves on to the amount). */
  readonly onPick: (name: string) => void;
  /** The seat the name already sits at, or null. */
  readonly seated: SeatView | null;
  /** The roster's player of that name, or null. */
  readonly known: RosterEntry | null;
  readonly onSeat: (seatId: number) => void;
}

export function WalkInSearch({ id, roster, name, onType, onPick, seated, known, onSeat }: WalkInSearchProps) {
  const [active, setActive] = useState(-1);
  const [listOpen, setListOpen] = useState(false);
  const suggestions = useMemo(() => searchRoster(roster.index, name), [roster.index, name]);
  const showList = listOpen && suggestions.length > 0 && known?.name !== name;

  function pick(picked: string) {
    setListOpen(false);
    setActive(-1);
    onPick(picked);
  }

  function onNameKey(event: KeyboardEvent<HTMLInputElement>) {
    if (!showList) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen !== undefined) pick(chosen.name);
    } else if (event.key === 'Escape') {
      // The list closes first; a second Escape closes the dialog.
      event.preventDefault();
      event.stopPropagation();
      setListOpen(false);
    }
  }

  const listId = `${id}-players`;
  return (
    <>
      <label htmlFor={`${id}-name`}>Player name</label>
      <input
        id={`${id}-name`}
        data-autofocus=""
        role="combobox"
        autoComplete="off"
        maxLength={MAX_NAME_LENGTH}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={name}
        onChange={(event) => {
          onType(event.target.value);
          setListOpen(true);
          setActive(-1);
        }}
        onKeyDown={onNameKey}
      />
      {showList && (
        <ul id={listId} role="listbox" className="walk-in-suggestions" aria-label="Players in the roster">
          {suggestions.map((entry, position) => (
            <li
              key={entry.key}
              id={`${listId}-${position}`}
              role="option"
              aria-selected={position === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(entry.name);
              }}
            >
              {entry.name} <span className="muted">{entry.handsPlayed.toLocaleString('en-US')} hands</span>
            </li>
          ))}
        </ul>
      )}
      <p className="walk-in-who" data-testid="walk-in-who">
        {seated !== null ? (
          <>
            {seated.name} is already seated at seat {seated.seatId}: buy in from the seat.{' '}
            <button type="button" onClick={() => onSeat(seated.seatId)}>
              Open seat {seated.seatId}
            </button>
          </>
        ) : name.trim() === '' ? (
          (roster.note ?? 'Type a name: players from the venue’s roster are suggested.')
        ) : known !== null ? (
          `${known.name}: a regular of the venue.`
        ) : showList ? (
          'Pick a player from the list (arrow keys, Enter), or keep typing a new name.'
        ) : (
          'A new name for the venue: it creates the player when it seats them.'
        )}
      </p>
    </>
  );
}
