/**
 * Printing section of the contract. The renderer lays the document out (print stylesheet, the paper size chosen in
 * Settings) and asks main how to print it: the session answers with the print job the settings call for, and the
 * desktop shell prints it with webContents.print (to the chosen printer, silently for a slip when the venue turned
 * that on) and says `printed: true`. The web runtime has no printer of its own: it answers `printed: false` and the
 * page calls window.print(), the browser's dialog.
 */
import { z } from 'zod';
import { channel } from './define';
import type { PaperSize } from './settings';

export const printKindSchema = z.enum(['slip', 'summary']);
export type PrintKind = z.infer<typeof printKindSchema>;

export interface PrintJob {
  /** True when main took care of it (the desktop app printed, or its dialog was cancelled); false: the page prints
   * itself (window.print()). */
  readonly printed: boolean;
  /** Without the print dialog (a slip, to the chosen printer, when Settings say so). */
  readonly silent: boolean;
  /** The printer chosen in Settings; null: the system's default. */
  readonly deviceName: string | null;
  readonly paperSize: PaperSize;
}

export interface PrinterInfo {
  readonly name: string;
  readonly displayName: string;
  readonly isDefault: boolean;
}

export const printChannels = {
  'print:document': channel<PrintJob>()(z.tuple([printKindSchema])),
  /** The printers this computer has (the desktop app; none in the web runtime, where the browser chooses). */
  'print:printers': channel<readonly PrinterInfo[]>()(z.tuple([])),
} as const;
