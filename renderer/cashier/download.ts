/** Saves text main prepared (a CSV export, a shift summary) as a file the browser downloads. */
import type { CsvExport, InvokeOutcome } from '../../preload/contract';
import { call } from '../bridge/call';

export function download(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Saves each table of an export as its own file, from the one press (a browser may ask once whether the page may
 * download several files; the desktop app saves each).
 */
export function downloadAll(files: readonly { readonly filename: string; readonly csv: string }[]): void {
  for (const file of files) download(file.filename, file.csv);
}

/** Asks main for one CSV export and saves it; a refusal is thrown (the caller's useCommand shows it). */
export async function downloadCsv(pending: Promise<InvokeOutcome<CsvExport>>): Promise<void> {
  const file = await call(pending);
  download(file.filename, file.csv);
}
