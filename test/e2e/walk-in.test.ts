/**
 * The cashier's floor in real Chromium against the demo venue: a walk-in bought in by mouse and by keyboard only
 * (the venue seats the player; the table shows them with the stack bought), a walk-in for a name already seated, the
 * seat dialog from the keyboard, a cash-out above the stack refused before sending, and a venue refusal that looks
 * like one. The demo venue's own ledger is the judge of how many movements happened.
 */
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { postTransaction } from '../../main/core/venue/transaction';
import { formatMoney } from '../../renderer/shared/money';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { FAST_DEMO, closeDialogs, screenshot, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
/** Seats of the current app this file moved money for: never freed for a walk-in, never reused. */
const usedSeats = new Set<number>();

freshAfterFailure(
  async () => {
    usedSeats.clear();
    app = await startWebApp(FAST_DEMO);
    return app;
  },
  { prepare: (started) => started.demo.faults.holdBetweenHands() },
);
afterEach(() => closeDialogs(app.page));

const truth = () => app.demo.inspect.trueTable();
const seatOf = (name: string) => truth().seats.find((seat) => seat.name === name) ?? null;
const freeSeats = () => truth().seats.filter((seat) => seat.name === null);
const BIG_BLIND = 2;

function trayItem(text: string): Locator {
  return app.page.getByRole('region', { name: 'Unsettled tray' }).getByRole('listitem').filter({ hasText: text });
}

/** A regular of the venue's roster (GET /players) who is not at the table now. */
async function absentRegular(): Promise<string> {
  const response = await fetch(`${app.demo.baseUrl}/players`, { headers: { authorization: `Bearer ${app.demo.key}` } });
  const roster = (await response.json()) as { players: { name: string }[] };
  const seated = new Set(truth().seats.map((seat) => seat.name));
  const regular = roster.players.find((player) => !seated.has(player.name) && player.name.length >= 6);
  if (regular === undefined) throw new Error('every regular is seated');
  return regular.name;
}

/**
 * Makes sure a chair is free, at the venue and on the app's view: the venue keeps one free, and a walk-in takes it.
 * A seated regular nobody here used is busted by an operator's edit (stack 0) and leaves at the next deal; the table
 * is then held between hands again.
 */
async function freeAChair(): Promise<void> {
  await venueFreesAChair();
  // The app's own view shows the chair too: a walk-in on a view of a full table is refused before it is typed.
  await expect
    .poll(() => app.runtime.session.snapshot().table?.seats.some((seat) => seat.name === null), { timeout: 15_000 })
    .toBe(true);
}

async function venueFreesAChair(): Promise<void> {
  if (freeSeats().length > 0) return;
  const leaving = truth().seats.find((seat) => seat.name !== null && !usedSeats.has(seat.seat_id));
  if (leaving === undefined) throw new Error('no seat to free');
  app.demo.faults.seatEdit(leaving.seat_id, 0);
  app.demo.faults.resumeTable();
  await expect.poll(() => freeSeats().length, { timeout: 15_000 }).toBeGreaterThan(0);
  await app.demo.faults.holdBetweenHands();
  expect(freeSeats().length).toBeGreaterThan(0);
}

/** The seat card the app shows for this player, once it shows them, and the stack on it. */
async function expectSeatedOnScreen(name: string, amount: number): Promise<void> {
  await expect.poll(() => seatOf(name)?.stack ?? null, { timeout: 10_000 }).toBe(amount);
  const seatId = seatOf(name)?.seat_id ?? 0;
  usedSeats.add(seatId);
  const card = app.page.getByRole('group', { name: `Seat ${seatId}` });
  await expect.poll(() => card.locator('.seat-name').textContent(), { timeout: 10_000 }).toBe(name);
  await expect
    .poll(() => card.getByTestId('seat-stack').textContent(), { timeout: 10_000 })
    .toBe(formatMoney(amount, 'bb', BIG_BLIND));
}

describe('walk-in buy-in', BROWSER_RETRY, () => {
  it('buys in a new name by mouse: the venue seats them with the stack bought, one movement', async () => {
    await freeAChair();
    const before = app.demo.inspect.ledger().length;
    await app.page.getByRole('button', { name: 'Walk-in buy-in (W)' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await dialog.waitFor();
    await dialog.getByLabel('Player name').fill('Zed Newcomer');
    await expect.poll(() => dialog.getByTestId('walk-in-who').textContent()).toMatch(/^A new name for the venue/);
    await dialog.getByLabel('Buy-in amount').fill('1,000');
    // What the form understood, before anything is sent.
    await expect.poll(() => dialog.getByTestId('amount-understood').textContent()).toBe('1,000 chips');
    await screenshot(app.page, 'walk-in');
    await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
    await expect
      .poll(() => dialog.locator('.cashier-message').textContent())
      .toMatch(/: (sent to the venue|applied by the venue|A hand is in progress)/);
    await dialog.getByRole('button', { name: /^Close Walk-in/ }).click();
    const item = trayItem('Buy in 1,000 chips · Zed Newcomer (walk-in)');
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 }).toBe('applied');
    const ledger = app.demo.inspect.ledger();
    expect(ledger).toHaveLength(before + 1);
    expect(ledger.at(-1)).toMatchObject({ kind: 'buy_in', name: 'Zed Newcomer', amount: 1000, stack_before: 0 });
    await expectSeatedOnScreen('Zed Newcomer', 1000);
    await screenshot(app.page, 'walk-in-seated');
  });

  it('buys in a regular from the roster by keyboard only: W, type, pick, amount, Enter, Escape', async () => {
    await freeAChair();
    const regular = await absentRegular();
    const before = app.demo.inspect.ledger().length;
    await app.page.locator('body').focus();
    await app.page.keyboard.press('w');
    const dialog = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await dialog.waitFor();
    // The focus is on the name, and the W that opened it did not land there.
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(await dialog.getByLabel('Player name').inputValue()).toBe('');
    // Typed as a cashier would: lower case, the start of the name. The roster suggests; arrow down, Enter picks.
    await app.page.keyboard.type(regular.slice(0, 4).toLowerCase());
    const suggestion = dialog.getByRole('option', { name: new RegExp(`^${regular}`) });
    await suggestion.waitFor();
    await screenshot(app.page, 'walk-in-suggestions');
    const options = await dialog.getByRole('option').allTextContents();
    const position = options.findIndex((text) => text.startsWith(regular));
    for (let step = 0; step <= position; step += 1) await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');
    expect(await dialog.getByLabel('Player name').inputValue()).toBe(regular);
    await expect
      .poll(() => dialog.getByTestId('walk-in-who').textContent())
      .toBe(`${regular}: a regular of the venue.`);
    // Picking moved the focus to the amount.
    await app.page.keyboard.type(' 300 ');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => dialog.locator('.cashier-message').textContent()).toContain(`for ${regular} (walk-in)`);
    // The form is empty; the regular took the last chair, so the next walk-in is told the table is full.
    expect(await dialog.getByLabel('Player name').inputValue()).toBe('');
    await expect
      .poll(() => dialog.getByTestId('walk-in-room').textContent(), { timeout: 10_000 })
      .toMatch(/^Every seat is taken/);
    await app.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const item = trayItem(`Buy in 300 chips · ${regular} (walk-in)`);
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 }).toBe('applied');
    const ledger = app.demo.inspect.ledger();
    expect(ledger).toHaveLength(before + 1);
    expect(ledger.at(-1)).toMatchObject({ kind: 'buy_in', name: regular, amount: 300, stack_before: 0 });
    await expectSeatedOnScreen(regular, 300);
  });

  it('points a name already seated to its seat, and main refuses it too: nothing is sent', async () => {
    // A full table is said before anything is typed: a chair is freed so the name can be typed at all.
    await freeAChair();
    const seated = truth().seats.find((seat) => seat.name !== null);
    if (seated === undefined || seated.name === null) throw new Error('nobody seated');
    const before = app.demo.inspect.ledger().length;
    await app.page.getByRole('button', { name: 'Walk-in buy-in (W)' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await dialog.getByLabel('Player name').fill(`  ${seated.name.toUpperCase()} `);
    await expect
      .poll(() => dialog.getByTestId('walk-in-who').textContent())
      .toMatch(new RegExp(`already seated at seat ${seated.seat_id}: buy in from the seat`));
    await dialog.getByLabel('Buy-in amount').fill('100');
    await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toBe(`${seated.name} is already seated at seat ${seated.seat_id}.`);
    // Straight to main, past the page: refused in words, nothing journaled or sent.
    const refused = await app.runtime.session.invoke('cashier:request', [
      { kind: 'buy_in', seatId: null, playerName: seated.name.toLowerCase(), playerId: null, amount: 100 },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'blocked' } });
    expect(JSON.stringify(refused)).toContain(`already seated at seat ${seated.seat_id}`);
    // The dialog offers the seat instead.
    await dialog.getByRole('button', { name: `Open seat ${seated.seat_id}` }).click();
    await app.page.getByRole('dialog', { name: `Cashier: ${seated.name} (seat ${seated.seat_id})` }).waitFor();
    expect(app.demo.inspect.ledger()).toHaveLength(before);
  });

  it('opens from the Cashier screen with W as well (the seat numbers stay on the table)', async () => {
    await app.page.getByRole('button', { name: 'Cashier', exact: true }).click();
    await app.page.locator('body').focus();
    await app.page.keyboard.press('w');
    const dialog = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await dialog.waitFor();
    await app.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await app.page.keyboard.press('1');
    expect(await app.page.getByRole('dialog').count()).toBe(0);
    await app.page.getByRole('button', { name: 'Table', exact: true }).click();
  });
});

describe('the seat cashier at the cage', BROWSER_RETRY, () => {
  it('opens on the amount: seat number, type, Enter buys in, Escape closes (no mouse)', async () => {
    const seat = truth().seats.find((candidate) => candidate.name !== null && !usedSeats.has(candidate.seat_id));
    if (seat === undefined || seat.name === null || seat.stack === null) throw new Error('no free seated player');
    usedSeats.add(seat.seat_id);
    const before = app.demo.inspect.ledger().length;
    await app.page.locator('body').focus();
    await app.page.keyboard.press(String(seat.seat_id));
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${seat.name} (seat ${seat.seat_id})` });
    await dialog.waitFor();
    await expect
      .poll(() => app.page.evaluate(() => document.activeElement?.id ?? ''))
      .toBe(await dialog.getByLabel('Custom buy-in amount').getAttribute('id'));
    await app.page.keyboard.type('250');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('Buy in 250 chips');
    // The field was disabled while main answered; the focus is back on it for the next amount.
    await expect
      .poll(() => app.page.evaluate(() => document.activeElement?.id ?? ''))
      .toBe(await dialog.getByLabel('Custom buy-in amount').getAttribute('id'));
    await app.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => trayItem(`Buy in 250 chips · ${seat.name}`).getByTestId('movement-state').textContent(), {
        timeout: 10_000,
      })
      .toBe('applied');
    expect(app.demo.inspect.ledger()).toHaveLength(before + 1);
    expect(app.demo.inspect.ledger().at(-1)).toMatchObject({ seat_id: seat.seat_id, amount: 250 });
  });

  it('refuses a cash-out above the stack before sending, with the amount that can be cashed out', async () => {
    const seat = truth().seats.find((candidate) => candidate.name !== null && !usedSeats.has(candidate.seat_id));
    if (seat === undefined || seat.name === null || seat.stack === null) throw new Error('no free seated player');
    usedSeats.add(seat.seat_id);
    const before = app.demo.inspect.ledger().length;
    await app.page.getByRole('button', { name: `Open cashier for ${seat.name} (seat ${seat.seat_id})` }).click();
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${seat.name} (seat ${seat.seat_id})` });
    await dialog.getByLabel('Partial cash-out amount').fill(String(seat.stack + 1));
    await dialog.getByRole('button', { name: 'Cash out', exact: true }).click();
    const most = `${seat.stack.toLocaleString('en-US')} chips`;
    await expect
      .poll(() => dialog.locator('.cashier-refusal').textContent())
      .toBe(`Only ${most} on the seat: cash out at most ${most}. Nothing was sent.`);
    await screenshot(app.page, 'cash-out-above-stack');
    expect(app.demo.inspect.ledger()).toHaveLength(before);
  });

  it('says a full table before anything is typed; a walk-in the venue refused shows as a refusal', async () => {
    await freeAChair();
    // The app's view is frozen (a half-open socket), then another cashier PC seats a walk-in in the last chair.
    app.demo.faults.freezeSockets(true);
    const answer = await postTransaction({ baseUrl: app.demo.baseUrl, key: app.demo.key, timeoutMs: 5_000 }, 'buy-in', {
      player_name: 'Other Desk Walkin',
      amount: 100,
      idempotency_key: `other-desk-${Date.now()}`,
    });
    expect(answer.kind).toBe('answered');
    expect(freeSeats()).toEqual([]);
    const before = app.demo.inspect.ledger().length;
    await app.page.getByRole('button', { name: 'Walk-in buy-in (W)' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Walk-in buy-in' });
    await dialog.waitFor();
    // The app did not see the chair taken: the press is allowed, and the venue judges it.
    await dialog.getByLabel('Player name').fill('Late Arrival');
    await dialog.getByLabel('Buy-in amount').fill('300');
    await dialog.getByRole('button', { name: 'Buy in', exact: true }).click();
    const refusal = dialog.locator('.cashier-refusal');
    await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toMatch(/Every seat is taken/);
    expect(await refusal.getAttribute('data-tone')).toBe('refused');
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await dialog.locator('.cashier-message').count()).toBe(0);
    expect(app.demo.inspect.ledger()).toHaveLength(before);
    await screenshot(app.page, 'walk-in-refused-full');
    await dialog.getByRole('button', { name: /^Close Walk-in/ }).click();

    // Once the view is live again and shows every chair taken, the walk-in says so before anything is typed.
    app.demo.faults.freezeSockets(false);
    app.demo.faults.dropAllSockets();
    await app.page.getByRole('button', { name: 'Walk-in buy-in (W)' }).click();
    await dialog.waitFor();
    const room = dialog.getByTestId('walk-in-room');
    await expect.poll(() => room.textContent(), { timeout: 15_000 }).toMatch(/^Every seat is taken/);
    expect(await dialog.getByLabel('Player name').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Buy in', exact: true }).isDisabled()).toBe(true);
    await screenshot(app.page, 'walk-in-table-full');
  });

  it("shows the venue's refusal in the refusal colour, in words, with the code behind Details", async () => {
    const seat = truth().seats.find((candidate) => candidate.name !== null && !usedSeats.has(candidate.seat_id));
    if (seat === undefined || seat.name === null || seat.stack === null) throw new Error('no free seated player');
    usedSeats.add(seat.seat_id);
    const before = app.demo.inspect.ledger().length;
    // Past the page's own check (another terminal, an older stack): the venue itself refuses it.
    const asked = await app.runtime.session.invoke('cashier:request', [
      {
        kind: 'cash_out',
        seatId: seat.seat_id,
        playerName: seat.name,
        playerId: null,
        amount: seat.stack + 1,
        confirmed: true,
      },
    ]);
    expect(asked).toMatchObject({ ok: true });
    const item = trayItem(`Cash out ${(seat.stack + 1).toLocaleString('en-US')} chips · ${seat.name}`);
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 10_000 }).toBe('refused');
    expect(await item.getAttribute('data-tone')).toBe('refused');
    const most = `${seat.stack.toLocaleString('en-US')} chips`;
    expect(await item.getByTestId('movement-sentence').textContent()).toBe(
      `Only ${most} on the seat: cash out at most ${most}.`,
    );
    // No code, status or reference in what the cashier reads at a glance; all of it one click away. The title and the
    // sentence (read above) name amounts, and a stack of 404 is no status: the search for one skips them.
    const shown = await item.evaluate((element) => (element as HTMLElement).innerText);
    const title = await item.locator('.movement-title').innerText();
    const sentence = await item.getByTestId('movement-sentence').innerText();
    expect(shown).toContain(title);
    expect(shown).toContain(sentence);
    expect(shown).not.toMatch(/insufficient_stack|mv-|HTTP status/);
    expect(shown.replace(title, '').replace(sentence, '')).not.toMatch(/\b[45]\d\d\b/);
    // The refusal's colour is neither the applied green nor the in-doubt red (each read from a probe in the tray, so
    // no earlier movement is needed).
    const colour = await item.evaluate((element) => getComputedStyle(element).borderLeftColor);
    const toneColour = (tone: string) =>
      item.evaluate((element, name) => {
        const probe = document.createElement('li');
        probe.className = `movement tone-${name}`;
        element.parentElement?.append(probe);
        const border = getComputedStyle(probe).borderLeftColor;
        probe.remove();
        return border;
      }, tone);
    expect(await toneColour('refused')).toBe(colour);
    expect(colour).not.toBe(await toneColour('applied'));
    expect(colour).not.toBe(await toneColour('doubt'));
    await item.getByText('Details').click();
    const details = await item.evaluate((element) => (element as HTMLElement).innerText);
    expect(details).toContain('insufficient_stack');
    expect(details).toMatch(/mv-/);
    await screenshot(app.page, 'refused-in-tray');
    expect(app.demo.inspect.ledger()).toHaveLength(before);
  });

  it('says "open a shift first" before any press with no shift open; main refuses the request in words', async () => {
    const closed = await app.runtime.session.invoke('cashier:close-shift', [0]);
    expect(closed).toMatchObject({ ok: true });
    const seat = truth().seats.find((candidate) => candidate.name !== null);
    if (seat === undefined || seat.name === null) throw new Error('nobody seated');
    const before = app.demo.inspect.ledger().length;
    await app.page.getByRole('button', { name: `Open cashier for ${seat.name} (seat ${seat.seat_id})` }).click();
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${seat.name} (seat ${seat.seat_id})` });
    // Said before anything is pressed, with the way to open a shift; the money controls cannot be pressed.
    await expect.poll(() => dialog.getByTestId('shift-needed').textContent()).toMatch(/^Open a shift first/);
    expect(await dialog.getByLabel('Custom buy-in amount').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cash out all', exact: true }).isDisabled()).toBe(true);
    await screenshot(app.page, 'no-shift-refusal');
    // Past the page, main refuses it all the same, in words.
    const refused = await app.runtime.session.invoke('cashier:request', [
      { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount: 100 },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'blocked' } });
    expect(JSON.stringify(refused)).toContain('No shift is open: open a shift');
    expect(app.demo.inspect.ledger()).toHaveLength(before);
    expect(await app.runtime.session.invoke('cashier:open-shift', [0, { operator: 'Cage' }])).toMatchObject({
      ok: true,
    });
  });
});
