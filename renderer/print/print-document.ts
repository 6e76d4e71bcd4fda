/**
 * Prints the document on the page: main says how (print:document). The desktop app prints it itself
 * (webContents.print: the chosen printer, silently for a slip when Settings say so); the web runtime answers that the
 * page prints, and the browser's print dialog opens.
 */
import type { PrintKind, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';

export async function printDocument(venue: VenueBridge, kind: PrintKind): Promise<void> {
  const job = await call(venue.printDocument(kind));
  if (!job.printed) window.print();
}
