/**
 * The print channels as the session answers them: the print job the settings call for, never printed here (plain
 * Node has no printer). The desktop shell prints the job itself (main/electron/print.ts); the web runtime passes the
 * answer on, and the page prints through the browser.
 */
import type { PrintJob } from '../../../preload/contract';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';

type PrintHandlers = Pick<CommandHandlers, 'print:document' | 'print:printers'>;

/** The job for a document: a slip goes silently to the chosen printer only when the venue turned that on. */
export function printJob(settings: ReturnType<SessionContext['settings']>, kind: 'slip' | 'summary'): PrintJob {
  return {
    printed: false,
    silent: kind === 'slip' && settings.silentSlipPrint && settings.printerName !== null,
    deviceName: settings.printerName,
    paperSize: settings.paperSize,
  };
}

export function printCommands(context: SessionContext): PrintHandlers {
  return {
    'print:document': async (kind) => printJob(context.settings(), kind),
    'print:printers': async () => [],
  };
}
