/**
 * Paper and the shift close: the paper slips and summaries print on (remembered), the printer for slips and whether
 * a slip prints without the dialog (desktop app: the web runtime prints through the browser's dialog), the blind
 * count, and whether opening a shift asks the operator's PIN. Each choice is saved as it is made.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { PaperSize, PrinterInfo, SessionSnapshot, SettingsPatch, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { PAPER_LABELS } from '../print/paper-settings';
import { CommandFeedback, useCommand } from '../shared/use-command';
import { useSettingsAuth } from './settings-auth';

const PAPER_SIZES = Object.keys(PAPER_LABELS) as PaperSize[];

/** One yes/no setting, saved as it is ticked. */
function Toggle(props: { checked: boolean; disabled: boolean; onToggle: (on: boolean) => void; children: ReactNode }) {
  return (
    <label>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onToggle(event.target.checked)}
      />{' '}
      {props.children}
    </label>
  );
}

export function PaperSection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const { settings } = snapshot;
  const [printers, setPrinters] = useState<readonly PrinterInfo[]>([]);
  const { busy, error, notice, run } = useCommand();
  const id = useId();
  useEffect(() => {
    call(venue.listPrinters()).then(setPrinters, () => setPrinters([]));
  }, [venue]);
  const auth = useSettingsAuth();
  const save = (patch: SettingsPatch) =>
    void run(
      () => call(venue.updateSettings(patch, auth)),
      () => 'Saved.',
    );
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Paper and shift close</h2>
      <div className="stacked-form">
        <label htmlFor={`${id}-paper`}>Paper for slips and shift summaries</label>
        <select
          id={`${id}-paper`}
          value={settings.paperSize}
          disabled={busy}
          onChange={(event) => save({ paperSize: event.target.value as PaperSize })}
        >
          {PAPER_SIZES.map((size) => (
            <option key={size} value={size}>
              {PAPER_LABELS[size]}
            </option>
          ))}
        </select>
        {printers.length === 0 ? (
          <p className="muted">Printing goes through this browser's print dialog (choose the printer there).</p>
        ) : (
          <>
            <label htmlFor={`${id}-printer`}>Printer for slips</label>
            <select
              id={`${id}-printer`}
              value={settings.printerName ?? ''}
              disabled={busy}
              onChange={(event) => save({ printerName: event.target.value === '' ? null : event.target.value })}
            >
              <option value="">The system's default (ask each time)</option>
              {printers.map((printer) => (
                <option key={printer.name} value={printer.name}>
                  {printer.displayName}
                  {printer.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </select>
            <Toggle
              checked={settings.silentSlipPrint}
              disabled={busy || settings.printerName === null}
              onToggle={(on) => save({ silentSlipPrint: on })}
            >
              Print slips to this printer without asking
            </Toggle>
          </>
        )}
        <Toggle checked={settings.blindCount} disabled={busy} onToggle={(on) => save({ blindCount: on })}>
          Blind count: hide the expected cash until the count is entered
        </Toggle>
        <Toggle checked={settings.operatorPin} disabled={busy} onToggle={(on) => save({ operatorPin: on })}>
          Operators prove who they are with a PIN (to open and close a shift and to change these settings)
        </Toggle>
        <Toggle
          checked={settings.dualControl}
          disabled={busy || !settings.operatorPin}
          onToggle={(on) => save({ dualControl: on })}
        >
          Dual control: a second operator's PIN to count a movement as applied, send again, cancel one already tried, or
          pay a cash-out over the confirmation threshold
        </Toggle>
      </div>
      <CommandFeedback error={error} notice={notice} />
    </section>
  );
}
