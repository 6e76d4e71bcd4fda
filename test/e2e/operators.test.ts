/**
 * Operators who answer for what they did, in Chromium: the first operator to open a shift with a PIN is the manager,
 * who enrols another in Settings; a name typed at the close is not an operator; wrong PINs are held back after 5;
 * and under dual control a large cash-out needs a second operator's PIN (not the one on shift) before it moves.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;
beforeAll(async () => {
  app = await startWebApp(undefined, { openShift: false });
});
afterAll(async () => {
  await app?.close();
});

const screenButton = (name: string): Locator =>
  app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
const shiftPanel = (): Locator => app.page.getByRole('region', { name: 'Shift' });
const ANA = { operator: 'Ana', pin: '4821' };

describe('operators', () => {
  it('sets up the manager at the first opening, who enrols Ben; wrong PINs wait after 5', async () => {
    expect(await app.runtime.session.invoke('settings:update', [{ operatorPin: true }])).toMatchObject({ ok: true });
    await screenButton('Cashier').click();
    await shiftPanel().getByLabel('Opening float').fill('500');
    await shiftPanel().getByLabel('Operator (who is at the drawer)').fill('Ana');
    await shiftPanel().getByLabel('Operator PIN').fill('4821');
    await shiftPanel().getByRole('button', { name: 'Open shift' }).click();
    await shiftPanel().getByTestId('shift-open').waitFor();

    await screenButton('Settings').click();
    const section = app.page.getByRole('region', { name: 'Operators' });
    await expect.poll(() => section.getByTestId('operator').allTextContents()).toEqual(['Ana (manager)']);
    const manager = section.getByRole('group', { name: 'The manager' });
    await manager.getByLabel('Operator').fill('Ana');
    await manager.getByLabel('PIN').fill('4821');
    const fresh = section.getByRole('group', { name: 'New operator' });
    await fresh.getByLabel('Operator').fill('Ben');
    await fresh.getByLabel('PIN').fill('1234');
    await section.getByRole('button', { name: 'Enrol operator' }).click();
    await expect.poll(() => section.getByTestId('operator').allTextContents()).toEqual(['Ana (manager)', 'Ben']);
    await screenshot(app.page, 'operators-enrolled');

    // A name typed at the close is not an operator; five wrong PINs for Ben, then the sixth waits.
    const close = (operator: string, pin: string) =>
      app.runtime.session.invoke('cashier:close-shift', [500, { operator, pin }]);
    expect(await close('Zed', '1111')).toMatchObject({
      ok: false,
      error: { message: /Zed is not an enrolled operator/ },
    });
    for (let wrong = 1; wrong <= 5; wrong += 1) expect(await close('Ben', '0000')).toMatchObject({ ok: false });
    expect(await close('Ben', '1234')).toMatchObject({
      ok: false,
      error: { message: /Too many wrong PINs for Ben: wait/ },
    });
    expect(app.runtime.session.snapshot().cashier.shifts.current).not.toBeNull();
    await screenButton('Cashier').click();
    const log = app.page.getByRole('region', { name: 'Event log' });
    await expect.poll(() => log.locator('[data-kind="pin-failed"]').count()).toBe(6);
    expect(await log.locator('[data-kind="operator-enrolled"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Ana enrolled Ben')]),
    );
  });

  it('under dual control, a large cash-out moves only once a second operator approves it', async () => {
    const auth = ANA;
    expect(await app.runtime.session.invoke('operators:enrol', [ANA, { operator: 'Cy', pin: '7777' }])).toMatchObject({
      ok: true,
    });
    expect(
      await app.runtime.session.invoke('settings:update', [{ dualControl: true, largeAmountThreshold: 20 }, auth]),
    ).toMatchObject({ ok: true });
    const seat = app.demo.inspect
      .trueTable()
      .seats.find((candidate) => candidate.name !== null && (candidate.stack ?? 0) > 60);
    if (seat === undefined || seat.name === null) throw new Error('no seated player with chips');
    await screenButton('Table').click();
    await app.page.getByRole('button', { name: `Open cashier for ${seat.name} (seat ${seat.seat_id})` }).click();
    const dialog = app.page.getByRole('dialog', { name: `Cashier: ${seat.name} (seat ${seat.seat_id})` });
    await dialog.getByLabel('Partial cash-out amount').fill('50');
    await dialog.getByLabel('Partial cash-out amount').press('Enter');
    const confirm = app.page.getByRole('dialog', { name: 'Confirm large amount' });
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    // Main asks for a second operator: nothing moved yet.
    const second = confirm.getByRole('group', { name: 'Second operator' });
    await second.waitFor();
    const before = app.demo.inspect.ledger().length;
    expect(before).toBe(0);
    // The operator on shift cannot approve their own.
    await second.getByLabel('Operator').fill('Ana');
    await second.getByLabel('PIN').fill('4821');
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => confirm.textContent()).toContain('not Ana');
    expect(app.demo.inspect.ledger()).toHaveLength(0);
    await screenshot(app.page, 'dual-control-asked');
    // Cy approves: the cash-out goes, once.
    await second.getByLabel('Operator').fill('Cy');
    await second.getByLabel('PIN').fill('7777');
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 15_000 }).toBe(1);
    expect(app.demo.inspect.ledger()[0]).toMatchObject({ kind: 'cash_out', seat_id: seat.seat_id, amount: 50 });
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    await screenButton('Cashier').click();
    const log = app.page.getByRole('region', { name: 'Event log' });
    await expect
      .poll(() => log.locator('[data-kind="approval"]').first().textContent())
      .toContain(`Cy approved: A large cash-out for ${seat.name}`);
  });
});
