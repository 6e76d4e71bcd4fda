/** The geometry of tonight's stack chart: points scaled into a box, as an SVG path. Pure. */
import type { StackPointView } from '../../preload/contract';

export interface ChartGeometry {
  /** SVG path data ("M x y L x y ..."), empty with fewer than one point. */
  readonly path: string;
  readonly min: number;
  readonly max: number;
}

/** Scales `points` (oldest first) into `width` x `height` with `pad` around; a flat line sits in the middle. */
export function stackChart(points: readonly StackPointView[], width: number, height: number, pad = 4): ChartGeometry {
  if (points.length === 0) return { path: '', min: 0, max: 0 };
  const stacks = points.map((point) => point.stack);
  const min = Math.min(...stacks);
  const max = Math.max(...stacks);
  const first = points[0]?.at ?? 0;
  const span = (points[points.length - 1]?.at ?? first) - first;
  const innerW = Math.max(1, width - 2 * pad);
  const innerH = Math.max(1, height - 2 * pad);
  const x = (at: number, index: number) =>
    pad +
    (span > 0
      ? ((at - first) / span) * innerW
      : points.length === 1
        ? innerW / 2
        : (index / (points.length - 1)) * innerW);
  const y = (stack: number) => pad + (max === min ? innerH / 2 : (1 - (stack - min) / (max - min)) * innerH);
  const path = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.at, index).toFixed(1)} ${y(point.stack).toFixed(1)}`)
    .join(' ');
  return { path, min, max };
}
