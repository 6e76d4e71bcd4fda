/** The slip as it goes on paper: venue, kind, the rows main worded, and the player's signature line. */
import type { MovementSlip } from '../../preload/contract';

export function SlipView({ slip }: { slip: MovementSlip }) {
  return (
    <article className="slip" aria-label="Slip" data-testid="slip">
      <header className="slip-head">
        <h3>{slip.venueName}</h3>
        <p className="slip-title">{slip.title}</p>
      </header>
      <dl className="slip-rows">
        {slip.rows.map((row) => (
          <div className="slip-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="signature-line">
        <span className="signature-rule" aria-hidden="true" />
        <span>{slip.signature}</span>
      </div>
    </article>
  );
}
