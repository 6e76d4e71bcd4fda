/**
 * What goes on paper. The document is rendered twice while its dialog is open: once inside the dialog as the print
 * preview (a white sheet of the chosen width), and once here, in a container beside the app (a portal on <body>),
 * which is the only thing the print stylesheet shows: the app, its dialogs and their dark backdrop are not printed,
 * so the whole document reaches the page, white, with page breaks between rows (cashier.css, "Paper").
 */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { PaperSize } from '../../preload/contract';

/** The sheet: the same markup on screen (preview) and on paper. */
export function Paper({ size, children, label }: { size: PaperSize; children: ReactNode; label?: string }) {
  return (
    <div className={`paper paper-${size}`} data-paper={size} aria-label={label}>
      {children}
    </div>
  );
}

/**
 * The copy that prints (hidden on screen). Its paper names the printer's page (a named @page in paper.css: the
 * page's Content-Security-Policy allows no inline style, so the page size cannot be written here).
 */
export function PrintDocument({ size, children }: { size: PaperSize; children: ReactNode }) {
  return createPortal(
    <div className="print-root" data-testid="print-root">
      <Paper size={size}>{children}</Paper>
    </div>,
    document.body,
  );
}
