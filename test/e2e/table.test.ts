/** The table screen in real Chromium: true stacks, live hands, money modes, the DEMO banner. */
import { describe, expect, it } from 'vitest';
import { formatChips, formatMoney } from '../../renderer/shared/money';
import { screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { waitForApp } from '../support/app-ready';

let app: WebApp;

// A fresh app after a failed attempt: a failed test may leave the table paused or another money mode on.
freshAfterFailure(async () => {
  app = await startWebApp();
  return app;
});

/** The seat's stack text once the table holds still between hands. */
async function shownStacks(): Promise<Map<number, string>> {
  const shown = new Map<number, string>();
  for (const seat of app.demo.inspect.trueTable().seats) {
    const text = await app.page
      .getByRole('group', { name: `Seat ${seat.seat_id}` })
      .locator('.seat-stack')
      .allTextContents();
    shown.set(seat.seat_id, text[0] ?? '');
  }
  return shown;
}

describe('table screen', BROWSER_RETRY, () => {
  it('shows the venue’s true stacks in big blinds, with the DEMO banner and its call to action', async () => {
    await app.demo.faults.holdBetweenHands();
    const truth = app.demo.inspect.trueTable();
    const expected = new Map<number, string>();
    for (const seat of truth.seats) {
      expected.set(
        seat.seat_id,
        seat.player_id === null || seat.name === null ? '' : (formatMoney(seat.stack, 'bb', 2) ?? ''),
      );
    }
    await expect.poll(shownStacks, { timeout: 10_000 }).toEqual(expected);
    // Between hands a present player is simply waiting: "sitting out" is only for present === false.
    for (const seat of truth.seats) {
      if (seat.name === null) continue;
      const state = await app.page
        .getByRole('group', { name: `Seat ${seat.seat_id}` })
        .getByTestId('seat-state')
        .textContent();
      expect(
        state === 'sitting out',
        `seat ${seat.seat_id} present=${String(seat.present)} shows "${state ?? ''}"`,
      ).toBe(!seat.present);
    }
    await expect.poll(() => app.page.getByTestId('hand-number').textContent()).toBe(`Hand #${truth.hand_number}`);
    await expect.poll(() => app.page.getByTestId('status-badge').textContent()).toBe('LIVE');
    expect(await app.page.getByRole('note').textContent()).toContain('DEMO');
    await expect.poll(() => app.page.getByRole('button', { name: 'Connect your venue' }).isVisible()).toBe(true);
    await screenshot(app.page, 'table');
  });

  it('follows live hands as they are dealt', async () => {
    const before = app.demo.inspect.trueTable().hand_number ?? 0;
    app.demo.faults.resumeTable();
    await app.demo.inspect.waitForHands(2);
    await expect
      .poll(async () => Number((await app.page.getByTestId('hand-number').textContent())?.replace(/\D/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(before + 1);
    expect(await app.page.getByRole('region', { name: 'Ticker' }).locator('li').count()).toBeGreaterThan(3);
  });

  it('shows dollars in dollars mode and no money at all in hidden mode', async () => {
    await app.demo.faults.holdBetweenHands();
    app.demo.faults.setMoneyMode('dollars');
    // The money mode comes from GET /venue, which the session re-reads on every (re)connection.
    app.demo.faults.dropAllSockets();
    const seatWithStack = app.demo.inspect.trueTable().seats.find((seat) => seat.stack !== null && seat.name !== null);
    if (seatWithStack === undefined) throw new Error('the demo table has no seated player');
    const seat = app.page.getByRole('group', { name: `Seat ${seatWithStack.seat_id}` });
    await expect.poll(() => seat.locator('.seat-stack').textContent(), { timeout: 10_000 }).toMatch(/^\$[\d,]+\.\d\d$/);
    app.demo.faults.setMoneyMode('hidden');
    app.demo.faults.dropAllSockets();
    await expect.poll(() => seat.locator('.seat-stack').count(), { timeout: 10_000 }).toBe(0);
    // Hidden means hidden: the seat's cashier does not show the stack either (the operator still types amounts).
    await seat.getByRole('button', { name: /^Open cashier/ }).click();
    const dialog = app.page.getByRole('dialog', { name: /^Cashier:/ });
    await expect.poll(() => dialog.getByTestId('cashier-stack').textContent()).toBe('hidden by the venue');
    await app.page.keyboard.press('Escape');
    app.demo.faults.setMoneyMode('bb');
    app.demo.faults.dropAllSockets();
    await expect.poll(() => seat.locator('.seat-stack').textContent(), { timeout: 10_000 }).toMatch(/ bb$/);
    await seat.getByRole('button', { name: /^Open cashier/ }).click();
    const stack = seatWithStack.stack ?? 0;
    await expect
      .poll(() => dialog.getByTestId('cashier-stack').textContent())
      .toBe(`${formatChips(stack)} chips (${formatMoney(stack, 'bb', 2) ?? ''})`);
    expect(await dialog.getByLabel('Custom buy-in amount (chips)').count()).toBe(1);
    await app.page.keyboard.press('Escape');
    app.demo.faults.resumeTable();
  });

  it('shows the read-only table monitor: large type, the badge, no cashier controls, only snapshot reads', async () => {
    const monitor = await app.browser.context.newPage();
    // A room-facing screen: full HD (its type scales with the screen; monitor-names.test.ts covers 1280 to 4K).
    await monitor.setViewportSize({ width: 1920, height: 1080 });
    const invoked: string[] = [];
    monitor.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        const message = JSON.parse(String(frame.payload)) as { t: string; channel?: string };
        if (message.t === 'invoke') invoked.push(message.channel ?? '');
      }),
    );
    // The monitor's own link: its token may only read the snapshot (the unit tests check the refusals).
    expect(new URL(app.runtime.monitorUrl).searchParams.get('token')).not.toBe(
      new URL(app.runtime.url).searchParams.get('token'),
    );
    await monitor.goto(app.runtime.monitorUrl);
    const region = monitor.getByRole('main', { name: 'Table monitor' });
    await waitForApp(monitor);
    await region.getByRole('group', { name: 'Seat 1' }).waitFor();
    await expect.poll(() => monitor.getByTestId('status-badge').textContent()).toBe('LIVE');
    const seated = app.demo.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
    await expect
      .poll(() =>
        region
          .getByRole('group', { name: `Seat ${seated?.seat_id ?? 1}` })
          .locator('.seat-name')
          .textContent(),
      )
      .toBe(seated?.name ?? '');
    expect(await monitor.getByRole('button').count()).toBe(0);
    for (const absent of ['Unsettled tray', 'Shift ledger'])
      expect(await monitor.getByRole('region', { name: absent }).count()).toBe(0);
    expect(await monitor.getByRole('navigation').count()).toBe(0);
    const fontPx = (page: typeof monitor) =>
      page
        .locator('.seat-name')
        .first()
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(await fontPx(monitor)).toBeGreaterThanOrEqual(1.5 * (await fontPx(app.page)));
    await monitor.keyboard.press('1');
    expect(await monitor.getByRole('dialog').count()).toBe(0);
    await screenshot(monitor, 'monitor');
    expect(new Set(invoked)).toEqual(new Set(['session:get-snapshot']));
    await monitor.close();
  });
});
