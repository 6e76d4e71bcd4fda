/**
 * The cashier's dispute tool in real Chromium against the web runtime and a fast demo venue: after a few live
 * hands, a seat's cashier dialog -> "Last hands" shows tonight's hands first (they are not on /hands until the
 * night closes), and every row matches the venue's own truth for that player: start stack, contributed, won, net
 * and end stack, in chips.
 */
import { describe, expect, it } from 'vitest';
import type { PlayedHand, PlayedHandPlayer } from '../../main/demo/played-hand';
import { formatChips } from '../../renderer/shared/money';
import { FAST_DEMO, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;

freshAfterFailure(async () => {
  app = await startWebApp({ ...FAST_DEMO, historyHands: 50 });
  return app;
});

/** The player's part in each hand, by hand number. */
function partsOf(hands: readonly PlayedHand[], playerId: string): Map<number, PlayedHandPlayer> {
  const parts = new Map<number, PlayedHandPlayer>();
  for (const hand of hands) {
    const part = hand.players.find((player) => player.player_id === playerId);
    if (part !== undefined) parts.set(hand.hand_number, part);
  }
  return parts;
}

describe('dispute tool', BROWSER_RETRY, () => {
  it('shows tonight’s hands of a seated player, matching the venue’s truth', async () => {
    // Hands that ended before the app's socket was up never reach it: only later ones are owed.
    const owedAfter = app.demo.inspect.playedHands().length;
    await app.demo.inspect.waitForHands(4);
    await app.demo.faults.holdBetweenHands();
    const played = app.demo.inspect.playedHands();
    const owed = played.slice(owedAfter + 1);
    const seats = app.demo.inspect.trueTable().seats.filter((seat) => seat.player_id !== null && seat.name !== null);
    const busiest = seats
      .map((seat) => ({ seat, count: partsOf(owed, seat.player_id ?? '').size }))
      .sort((a, b) => b.count - a.count)[0];
    if (busiest === undefined || busiest.seat.player_id === null || busiest.seat.name === null)
      throw new Error('nobody is seated at the demo table');
    const { player_id: playerId, name, seat_id: seatId } = busiest.seat;
    const truth = partsOf(played, playerId);
    const mustShow = [...partsOf(owed, playerId).keys()];
    expect(mustShow.length).toBeGreaterThan(0);

    await app.page.getByRole('button', { name: `Open cashier for ${name} (seat ${seatId})` }).click();
    await app.page.getByRole('button', { name: `Last hands of ${name}` }).click();
    const profile = app.page.getByRole('main', { name: 'History' }).getByRole('region', { name: `Player ${name}` });
    const tonight = profile.getByRole('region', { name: "Tonight's hands" });
    const rows = tonight.getByRole('table', { name: "Tonight's hands of this player" }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(mustShow.length);

    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    const shown = cells.map((row) => Number((row[0] ?? '').replace('#', '')));
    // Newest first, and every hand the app could see is there.
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown).toEqual(expect.arrayContaining(mustShow));
    for (const row of cells) {
      const handNumber = Number((row[0] ?? '').replace('#', ''));
      const part = truth.get(handNumber);
      if (part === undefined) throw new Error(`hand #${handNumber} is not one of ${name}'s hands at the venue`);
      const end = Math.round((part.stack_start - part.contributed + part.won) * 100) / 100;
      expect(row.slice(2, 8), `hand #${handNumber}`).toEqual([
        String(part.seat_id),
        ...[part.stack_start, part.contributed, part.won, part.net, end].map(formatChips),
      ]);
    }

    // A row opens to the player's actions, street by street, blinds included.
    const newest = shown[0] ?? 0;
    await tonight.getByRole('button', { name: `Hand #${newest} actions` }).click();
    const actions = tonight.locator('tr.tonight-actions');
    await actions.waitFor();
    expect(await actions.textContent()).toMatch(/^Preflop: /);
    const newestHand = played.find((hand) => hand.hand_number === newest);
    const posted =
      newestHand?.actions.some((action) => action.player_id === playerId && action.action === 'POST_BLIND') ?? false;
    if (posted) expect(await actions.textContent()).toContain('post');

    // The published history is still below, under its own heading.
    expect(await profile.getByRole('heading', { name: 'Published history' }).isVisible()).toBe(true);
    await screenshot(app.page, 'dispute');
    app.demo.faults.resumeTable();
  });
});
