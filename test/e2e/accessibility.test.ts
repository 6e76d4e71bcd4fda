/**
 * No axe-core violation on any screen or dialog (WCAG 2.0/2.1 A and AA, and axe's best practices): one app on the
 * demo venue, walked screen by screen in Chromium the way a cashier reaches each one, with axe run on every screen,
 * dialog and tray state on the way. Each test lists every screen's findings at once (rule, element, what is wrong).
 *
 * The app has one colour scheme (no light/dark theme), so each screen is checked once; the room-facing monitor is
 * checked at 1920x1080, the screen it is made for.
 */
import type { Locator, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../preload/contract';
import { clockStepSentence } from '../../main/core/cashier/clock-steps';
import { waitForApp } from '../support/app-ready';
import { AxeAudit } from '../support/axe';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { launchChromium } from '../support/chromium';
import { closeDialogs, FAST_DEMO, startWebApp, type WebApp } from '../support/web-app';
import { askMovement, screenButton, seatedPlayer } from '../support/demo-table';

let app: WebApp;

freshAfterFailure(async () => {
  // A short published history: History's tables, profile, nights and replay all have rows to show.
  app = await startWebApp({ ...FAST_DEMO, historyHands: 40 });
  return app;
});

const dialogNamed = (name: string | RegExp): Locator => app.page.getByRole('dialog', { name });

/** Seats with a movement still unsettled in the tray: a seat in doubt or queued takes no other movement. */
const UNSETTLED = new Set(['queued', 'sending', 'with-host', 'in-doubt', 'left-in-doubt']);
const busySeats = (): number[] =>
  app.runtime.session
    .snapshot()
    .cashier.tray.flatMap((movement) =>
      movement.seatId !== null && UNSETTLED.has(movement.status) ? [movement.seatId] : [],
    );

/** A seated player of the demo table now whose seat has nothing unsettled, and is not one of `skip`. */
function freePlayer(skip: readonly number[] = []) {
  return seatedPlayer(app, { skip: [...busySeats(), ...skip] });
}

/** The movement's tray card once its state reads as `state`. */
async function trayCardIn(id: string, state: RegExp): Promise<Locator> {
  const card = app.page.locator(`li[data-movement-id="${id}"]`).first();
  await expect.poll(() => card.getByTestId('movement-state').textContent(), { timeout: 15_000 }).toMatch(state);
  return card;
}

async function showScreen(name: 'Table' | 'Cashier' | 'History' | 'Settings'): Promise<void> {
  await closeDialogs(app.page);
  await screenButton(app.page, name).click();
}

describe('accessibility (axe-core) of every screen and dialog', BROWSER_RETRY, () => {
  it('the table, a seat cashier, the walk-in, and tray cards applied, queued, in doubt and refused', async () => {
    const audit = new AxeAudit();
    await app.demo.faults.holdBetweenHands();
    await showScreen('Table');
    await audit.check(app.page, 'table view');

    const seated = freePlayer();
    await app.page.getByRole('button', { name: `Open cashier for ${seated.name} (seat ${seated.seatId})` }).click();
    const cashier = dialogNamed(`Cashier: ${seated.name} (seat ${seated.seatId})`);
    await cashier.waitFor();
    await audit.check(app.page, 'seat cashier (buy-in / cash-out) dialog');
    await cashier.getByLabel('Custom buy-in amount').fill('ten');
    await cashier.getByRole('button', { name: 'Buy in', exact: true }).click();
    await cashier.getByRole('alert').waitFor();
    await audit.check(app.page, 'seat cashier with a field error');
    await closeDialogs(app.page);

    await app.page.getByRole('button', { name: /^Walk-in buy-in/ }).click();
    await dialogNamed(/walk-in/i).waitFor();
    await audit.check(app.page, 'walk-in dialog');
    await closeDialogs(app.page);

    const appliedFor = freePlayer();
    await trayCardIn(await askMovement(app, appliedFor, 'buy_in', 100), /^applied$/);
    const refusedFor = freePlayer([appliedFor.seatId]);
    await trayCardIn(await askMovement(app, refusedFor, 'cash_out', refusedFor.stack + 1), /^refused$/);
    app.demo.faults.timeoutNextMovements(1, 'never');
    await askMovement(app, freePlayer([appliedFor.seatId, refusedFor.seatId]), 'buy_in', 300);
    const doubt = dialogNamed('Movement in doubt');
    await doubt.waitFor({ timeout: 15_000 });
    await audit.check(app.page, 'in-doubt dialog');
    await doubt.getByRole('button', { name: 'Leave in doubt' }).click();
    // A hand under way: a buy-in waits in the tray until it ends.
    app.demo.faults.resumeTable();
    await expect.poll(() => app.demo.inspect.trueTable().between_hands, { timeout: 10_000 }).toBe(false);
    app.demo.faults.pauseTable();
    const queued = await trayCardIn(
      await askMovement(app, freePlayer([appliedFor.seatId, refusedFor.seatId]), 'buy_in', 200),
      /^queued/,
    );
    await audit.check(app.page, 'table with tray cards applied, refused, in doubt and queued, and the doubt bar');
    await showScreen('Cashier');
    await queued.waitFor();
    await audit.check(app.page, 'cashier screen with the same tray');
    app.demo.faults.resumeTable();
    audit.expectClean();
  });

  it('the slip preview, closing a shift (count, confirmation), its summary, past shifts, opening one', async () => {
    const audit = new AxeAudit();
    await app.demo.faults.holdBetweenHands();
    const id = await askMovement(app, freePlayer(), 'buy_in', 150);
    await showScreen('Cashier');
    await (await trayCardIn(id, /^applied$/)).getByRole('button', { name: /^Print slip/ }).click();
    await dialogNamed('Movement slip').getByTestId('slip').waitFor();
    await audit.check(app.page, 'movement slip print preview');
    await closeDialogs(app.page);

    await app.page
      .getByRole('region', { name: 'Shift' })
      .getByRole('button', { name: 'Close shift', exact: true })
      .click();
    const count = dialogNamed('Close shift');
    await count.waitFor();
    await audit.check(app.page, 'close shift: count by denomination');
    await count.getByLabel('Plain total').check();
    await audit.check(app.page, 'close shift: plain total');
    await count.getByLabel('Counted cash (chips)').fill('150');
    await count.getByRole('button', { name: 'Close shift…' }).click();
    const confirm = dialogNamed('Confirm the close');
    await confirm.waitFor();
    await audit.check(app.page, 'close shift: confirmation');
    await confirm.getByRole('button', { name: 'Close shift', exact: true }).click();
    await dialogNamed('Shift closed').getByRole('article', { name: 'Shift summary' }).waitFor();
    await audit.check(app.page, 'shift closed: its summary');
    await closeDialogs(app.page);

    await app.page.getByRole('region', { name: 'Past shifts' }).waitFor();
    await audit.check(app.page, 'cashier screen with no shift open: past shifts and the open-shift form');
    await app.page.getByTestId('past-shift').first().getByRole('button', { name: 'Summary' }).click();
    await dialogNamed('Shift summary').getByTestId('shift-summary').waitFor();
    await audit.check(app.page, 'past shift summary print preview');
    await closeDialogs(app.page);
    const opened = await app.runtime.session.invoke('cashier:open-shift', [0, { operator: 'Test cashier' }]);
    expect(opened.ok).toBe(true);
    audit.expectClean();
  });

  it('settings, each section and the operators', async () => {
    const audit = new AxeAudit();
    await showScreen('Settings');
    const settings = app.page.getByRole('main', { name: 'Settings' });
    await settings.waitFor();
    await audit.check(app.page, 'settings');
    // Operators (and their PINs) show once the venue asks for a PIN at the drawer; the later tests need no shift.
    expect(await app.runtime.session.invoke('settings:update', [{ operatorPin: true }])).toMatchObject({ ok: true });
    const operators = settings.getByRole('region', { name: 'Operators' });
    await operators.getByRole('button', { name: 'Enrol operator' }).click();
    await operators.getByRole('alert').first().waitFor();
    await audit.check(app.page, 'settings with the operators section and its refusal');
    audit.expectClean();
  });

  it('history: players, a profile, the leaderboard, sessions and a night, hands and a replay', async () => {
    const audit = new AxeAudit();
    await showScreen('History');
    const history = app.page.getByRole('main', { name: 'History' });
    const tab = (name: string) =>
      history.getByRole('navigation', { name: 'History sections' }).getByRole('button', { name }).click();
    const players = history.getByRole('region', { name: 'Players' });
    await players.getByRole('table').getByRole('button').first().waitFor({ timeout: 30_000 });
    await audit.check(app.page, 'history: players');
    await players.getByRole('table').getByRole('button').first().click();
    await history.getByRole('region', { name: /^Player / }).waitFor();
    await audit.check(app.page, 'history: player profile');
    await tab('Leaderboard');
    await history.getByRole('region', { name: 'Leaderboard' }).locator('tbody tr').first().waitFor();
    await audit.check(app.page, 'history: leaderboard');
    await tab('Sessions');
    const nights = history.getByRole('region', { name: 'Sessions' }).locator('tbody tr');
    await nights.first().waitFor();
    await audit.check(app.page, 'history: sessions');
    await nights.first().getByRole('button').click();
    await history
      .getByRole('region', { name: /^Night / })
      .locator('li.hand-row button')
      .first()
      .waitFor();
    await audit.check(app.page, 'history: one night');
    await tab('Hands');
    const row = history.locator('li.hand-row button').first();
    await row.waitFor();
    await audit.check(app.page, 'history: hands');
    await row.click();
    await history.getByRole('region', { name: 'Replay' }).waitFor();
    await audit.check(app.page, 'history: hand replay');
    audit.expectClean();
  });

  it('the notices: damaged books, movements of another venue, a clock step', async () => {
    const audit = new AxeAudit();
    // These come from the data folder and the PC's clock, not from anything a page can do: a second tab gets them
    // laid over the snapshots the core sends it, in the shapes and words the core uses.
    const tab = await app.browser.context.newPage();
    await tab.routeWebSocket(/\/bridge$/, (socket) => withNotices(socket));
    await tab.goto(app.runtime.server.newLink('cashier'));
    await waitForApp(tab);
    await tab.getByRole('alert', { name: 'Books damaged' }).waitFor();
    await tab.getByRole('status', { name: 'Clock change' }).waitFor();
    await audit.check(tab, 'table with the books, other-venue and clock notices');
    await tab.close();
    audit.expectClean();
  });

  it('the monitor at 1920x1080, and the first paint before any script runs', async () => {
    const audit = new AxeAudit();
    const room = await launchChromium({ viewport: { width: 1920, height: 1080 } });
    try {
      const monitor = await room.context.newPage();
      await monitor.goto(app.runtime.server.newLink('monitor'));
      await waitForApp(monitor);
      await audit.check(monitor, 'monitor');
      const drawn = await room.context.newPage();
      // No script of the app's runs: what shows is the server's drawing alone (axe is evaluated, not a page script).
      await drawn.route('**/*.js', (route) => route.abort());
      await drawn.goto(app.runtime.server.newLink('cashier'));
      await drawn.getByRole('group', { name: 'Seat 1' }).first().waitFor();
      await audit.check(drawn, 'first paint of the cashier page');
      const drawnMonitor = await room.context.newPage();
      await drawnMonitor.route('**/*.js', (route) => route.abort());
      await drawnMonitor.goto(app.runtime.server.newLink('monitor'));
      await drawnMonitor.getByRole('group', { name: 'Seat 1' }).first().waitFor();
      await audit.check(drawnMonitor, 'first paint of the monitor');
    } finally {
      await room.close();
    }
    audit.expectClean();
  });
});

/** Lays the three notices over every snapshot the core sends this tab; everything else passes through unchanged. */
function withNotices(socket: WebSocketRoute): void {
  const core = socket.connectToServer();
  core.onMessage((message) => {
    if (typeof message !== 'string') return socket.send(message);
    const frame = JSON.parse(message) as { t: string; snapshot?: SessionSnapshot };
    if (frame.t !== 'snapshot' || frame.snapshot === undefined) return socket.send(message);
    const at = Date.now();
    const cashier = {
      ...frame.snapshot.cashier,
      elsewhere: ['2 unfinished movements belong to venue at cards.example.org; they resume when it is connected.'],
      clockNotice: {
        id: 'clock-step-1',
        text: clockStepSentence({ by: -3_600_000, wallAt: at, orderAt: 1 }),
      },
      books: {
        verified: false,
        heldMovements: 1,
        damage: [{ file: 'the movement journal', where: 'record 12', what: 'its seal does not match', since: at }],
      },
    };
    socket.send(JSON.stringify({ ...frame, snapshot: { ...frame.snapshot, cashier } }));
  });
}
