/**
 * The venue's paper and shift-close choices from Settings, handed to the slip, the summary and the close dialog
 * without threading them through every component between App and them.
 */
import { createContext, useContext } from 'react';
import type { PaperSize, Settings } from '../../preload/contract';

export type PaperSettings = Pick<Settings, 'paperSize' | 'blindCount' | 'operatorPin'>;

export const DEFAULT_PAPER_SETTINGS: PaperSettings = {
  paperSize: 'receipt-80mm',
  blindCount: true,
  operatorPin: false,
};

export const PaperSettingsContext = createContext<PaperSettings>(DEFAULT_PAPER_SETTINGS);

export function usePaperSettings(): PaperSettings {
  return useContext(PaperSettingsContext);
}

export const PAPER_LABELS: Readonly<Record<PaperSize, string>> = {
  'receipt-80mm': '80 mm receipt (thermal printer)',
  a4: 'A4 sheet',
  letter: 'Letter sheet',
};
