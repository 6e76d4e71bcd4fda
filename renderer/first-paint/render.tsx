/**
 * Server side of the first paint: the markup the web runtime puts inside `#root` of index.html, so the table is on
 * screen before the page's scripts have loaded. React escapes every text and attribute it writes; the markup has no
 * inline style or script (the page's CSP allows neither).
 */
import { renderToString } from 'react-dom/server';
import type { SessionSnapshot } from '../../preload/contract';
import { FirstPaint, type FirstPaintView } from './FirstPaint';

/** The first paint's markup for `view`, from the monitor projection of the snapshot. */
export function renderFirstPaint(projected: SessionSnapshot, view: FirstPaintView): string {
  return renderToString(<FirstPaint snapshot={projected} view={view} />);
}
