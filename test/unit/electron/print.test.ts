/** The desktop print path: the session's job printed by the calling window, as the settings said, errors as data. */
import { describe, expect, it } from 'vitest';
import type { PrintJob } from '../../../preload/contract';
import { defaultSettings } from '../../../preload/contract';
import { printJob } from '../../../main/core/session/print-commands';
import { finishPrinting, type PrintingContents } from '../../../main/electron/print';

function fakeContents(answer: [boolean, string]) {
  const calls: unknown[] = [];
  const contents: PrintingContents = {
    print(options, callback) {
      calls.push(options);
      callback(...answer);
    },
    getPrintersAsync: async () => [{ name: 'cage-80', displayName: 'Cage receipt', isDefault: true }],
  };
  return { contents, calls };
}

const settings = { ...defaultSettings, printerName: 'cage-80', silentSlipPrint: true };

describe('printing', () => {
  it('prints a slip silently to the chosen printer only when the venue asked for it; a summary always asks', () => {
    expect(printJob(settings, 'slip')).toEqual({
      printed: false,
      silent: true,
      deviceName: 'cage-80',
      paperSize: 'receipt-80mm',
    });
    expect(printJob(settings, 'summary').silent).toBe(false);
    expect(printJob({ ...settings, silentSlipPrint: false }, 'slip').silent).toBe(false);
    expect(printJob({ ...settings, printerName: null }, 'slip')).toMatchObject({ silent: false, deviceName: null });
  });

  it("prints the session's job with webContents.print and says main took care of it", async () => {
    const { contents, calls } = fakeContents([true, '']);
    const job: PrintJob = printJob(settings, 'slip');
    expect(await finishPrinting('print:document', { ok: true, value: job }, contents)).toEqual({
      ok: true,
      value: { ...job, printed: true },
    });
    expect(calls).toEqual([{ silent: true, printBackground: false, deviceName: 'cage-80' }]);
  });

  it('takes a cancelled dialog as done, and a failure as an error the page shows', async () => {
    const job = printJob(defaultSettings, 'summary');
    const cancelled = fakeContents([false, 'cancelled']);
    expect(await finishPrinting('print:document', { ok: true, value: job }, cancelled.contents)).toMatchObject({
      ok: true,
      value: { printed: true },
    });
    expect(cancelled.calls).toEqual([{ silent: false, printBackground: false }]);
    const failed = fakeContents([false, 'Printer is out of paper']);
    expect(await finishPrinting('print:document', { ok: true, value: job }, failed.contents)).toEqual({
      ok: false,
      error: { code: 'print_failed', message: 'Printing failed: Printer is out of paper.' },
    });
  });

  it('lists the system printers, and passes every other channel and every refusal through untouched', async () => {
    const { contents, calls } = fakeContents([true, '']);
    expect(await finishPrinting('print:printers', { ok: true, value: [] }, contents)).toEqual({
      ok: true,
      value: [{ name: 'cage-80', displayName: 'Cage receipt', isDefault: true }],
    });
    const refused = { ok: false as const, error: { code: 'bad_arguments', message: 'no' } };
    expect(await finishPrinting('print:document', refused, contents)).toBe(refused);
    const other = { ok: true as const, value: 1 };
    expect(await finishPrinting('cashier:slip', other, contents)).toBe(other);
    // A window that may not print (the monitor) gets the session's answer, and nothing is printed.
    expect(await finishPrinting('print:document', { ok: true, value: printJob(settings, 'slip') }, null)).toMatchObject(
      {
        ok: true,
        value: { printed: false },
      },
    );
    expect(calls).toEqual([]);
  });
});
