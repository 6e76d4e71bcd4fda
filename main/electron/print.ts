/**
 * Printing in the desktop app: the session says what the job is (print:document answers the settings' printer,
 * paper and whether a slip prints silently); this prints the calling window's page with webContents.print and
 * lists the printers for Settings. The page has already laid the document out for paper (its print stylesheet), so
 * nothing here knows what a slip is.
 */
import type { InvokeOutcome, PrinterInfo, PrintJob } from '../../preload/contract';

/** The part of Electron's WebContents printing uses. */
export interface PrintingContents {
  print(
    options: { silent: boolean; printBackground: boolean; deviceName?: string },
    callback: (success: boolean, failureReason: string) => void,
  ): void;
  getPrintersAsync(): Promise<readonly { name: string; displayName: string; isDefault?: boolean }[]>;
}

/** Prints the page of `contents` as the job says; the outcome says whether it printed (or why not). */
export function printJob(contents: PrintingContents, job: PrintJob): Promise<InvokeOutcome<PrintJob>> {
  return new Promise((resolve) => {
    contents.print(
      {
        silent: job.silent,
        printBackground: false,
        ...(job.deviceName === null ? {} : { deviceName: job.deviceName }),
      },
      (success, failureReason) => {
        // Cancelling the system's print dialog is the cashier's choice, not an error (and not a reason for the page
        // to open another dialog).
        if (success || failureReason === 'cancelled') resolve({ ok: true, value: { ...job, printed: true } });
        else resolve({ ok: false, error: { code: 'print_failed', message: `Printing failed: ${failureReason}.` } });
      },
    );
  });
}

export async function listPrinters(contents: PrintingContents): Promise<InvokeOutcome<readonly PrinterInfo[]>> {
  const printers = await contents.getPrintersAsync();
  return {
    ok: true,
    value: printers.map((printer) => ({
      name: printer.name,
      displayName: printer.displayName || printer.name,
      isDefault: printer.isDefault === true,
    })),
  };
}

/**
 * Finishes a print channel's answer in the desktop shell: the session's job is printed by the calling window (a
 * cashier window: the monitor may not use print channels), the printer list is the system's. Other channels pass.
 */
export async function finishPrinting(
  channel: string,
  outcome: InvokeOutcome<unknown>,
  contents: PrintingContents | null,
): Promise<InvokeOutcome<unknown>> {
  if (!outcome.ok || contents === null) return outcome;
  if (channel === 'print:document') return printJob(contents, outcome.value as PrintJob);
  if (channel === 'print:printers') return listPrinters(contents);
  return outcome;
}
