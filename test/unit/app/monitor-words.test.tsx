/**
 * The table monitor speaks to the room (renderer/monitor/MonitorBadge.tsx): in every connection state, and before
 * the first table arrives, it says whether the table is live and that it will be back, never an engineer's words.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../preload/contract';
import { roomBadgeText } from '../../../renderer/monitor/MonitorBadge';
import { MONITOR_EMPTY_TABLE } from '../../../renderer/monitor/MonitorApp';
import { TableScreen } from '../../../renderer/table/TableScreen';

const AT = Date.UTC(2026, 10, 28, 21, 0, 0);

/** Every state the connection can be in (preload/contract), with the details the cashier's badge explains. */
const STATES: readonly ConnectionStatus[] = [
  { kind: 'live' },
  { kind: 'connecting' },
  { kind: 'host-offline', lastFrameAt: AT },
  { kind: 'reconnecting', retryAt: AT + 5_000, lastFrameAt: AT, unreachable: true },
  { kind: 'reconnecting', retryAt: null, lastFrameAt: null },
  { kind: 'access-withdrawn' },
  { kind: 'no-key' },
  { kind: 'app-not-running', since: AT },
];

const ENGINEER_WORDS =
  /\b(app core|core|process|money can move|runtime|socket|npm|not running|stale|frame|link|key|settings|host|venue|error)\b/i;

describe("the table monitor's words", () => {
  it('say LIVE when live and "back shortly" otherwise, never why in an engineer\'s words', () => {
    for (const state of STATES) {
      const { label, detail } = roomBadgeText(state);
      const words = `${label} ${detail ?? ''}`;
      expect(words, state.kind).not.toMatch(ENGINEER_WORDS);
      if (state.kind === 'live') expect(label).toBe('LIVE');
      else expect(words, state.kind).toMatch(/shortly/i);
    }
    expect(roomBadgeText({ kind: 'app-not-running', since: AT }).detail).toMatch(/^Cashier closed for a moment/);
  });

  it('say the table is coming before its first frame, where the cashier reads the engineering', () => {
    const monitor = renderToString(
      <TableScreen table={null} ticker={[]} mode="bb" stale emptyText={MONITOR_EMPTY_TABLE} />,
    );
    expect(monitor).toContain(MONITOR_EMPTY_TABLE);
    expect(monitor.replace(/<[^>]*>/g, ' ')).not.toMatch(ENGINEER_WORDS);
    expect(renderToString(<TableScreen table={null} ticker={[]} mode="bb" stale />)).toContain('No table frame yet');
  });
});
