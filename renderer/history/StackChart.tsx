/** Tonight's stack of one player from the live plane, as a small SVG line. */
import type { MoneyMode, StackPointView, VenueBridge } from '../../preload/contract';
import { formatMoney } from '../shared/money';
import { useBridgeValue } from '../shared/use-bridge-value';
import { useNow } from '../shared/use-now';
import { stackChart } from './stack-chart';

const WIDTH = 320;
const HEIGHT = 90;
const NO_POINTS: readonly StackPointView[] = [];

interface StackChartProps {
  readonly venue: VenueBridge;
  readonly playerId: string;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
}

export function StackChart({ venue, playerId, mode, bigBlind }: StackChartProps) {
  const tick = useNow(5000);
  // A failed read keeps the last points (the chart is a picture of the night, not a money figure).
  const points = useBridgeValue(`${playerId}|${tick}`, () => venue.stackTonight(playerId)).value ?? NO_POINTS;
  const chart = stackChart(points, WIDTH, HEIGHT);
  const last = points[points.length - 1];
  const shown = (value: number) => formatMoney(value, mode, bigBlind);
  const from = shown(points[0]?.stack ?? 0) ?? '?';
  const to = last === undefined ? '?' : (shown(last.stack) ?? '?');
  return (
    <figure className="stack-chart" aria-label="Stack tonight">
      <figcaption>Stack tonight (live)</figcaption>
      {points.length === 0 || mode === 'hidden' ? (
        <p className="muted">
          {mode === 'hidden' ? 'Stacks are hidden by the venue.' : 'Not seen at the table tonight.'}
        </p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="stack-chart-svg"
            role="img"
            aria-label={`Stack from ${from} to ${to}`}
          >
            <path d={chart.path} className="stack-chart-line" />
          </svg>
          <p className="muted">
            low {shown(chart.min) ?? '—'} · high {shown(chart.max) ?? '—'} · now{' '}
            {last === undefined ? '—' : (shown(last.stack) ?? '—')}
          </p>
        </>
      )}
    </figure>
  );
}
