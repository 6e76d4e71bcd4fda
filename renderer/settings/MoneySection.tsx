/** Buy-in presets and the large-amount confirmation threshold. */
import { useId, useState, type FormEvent } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { readAmount } from '../cashier/amount-input';
import { CommandFeedback, useCommand } from '../shared/use-command';
import { useSettingsAuth } from './settings-auth';

export function MoneySection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [presets, setPresets] = useState(snapshot.settings.presets.join(', '));
  const [threshold, setThreshold] = useState(String(snapshot.settings.largeAmountThreshold));
  const [inputError, setInputError] = useState<string | null>(null);
  const { busy, error, notice, run } = useCommand();
  const auth = useSettingsAuth();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const readings = presets
      .split(/[\s,;]+/)
      .filter((part) => part !== '')
      .map((text) => readAmount(text));
    const limit = readAmount(threshold);
    const bad = readings.find((reading) => !reading.ok);
    if (readings.length === 0 || readings.length > 6) return setInputError('Give between one and six presets.');
    if (bad !== undefined && !bad.ok) return setInputError(`Presets: ${bad.error}`);
    if (!limit.ok) return setInputError(`Threshold: ${limit.error}`);
    setInputError(null);
    const amounts = readings.flatMap((reading) => (reading.ok ? [reading.amount] : []));
    void run(
      () => call(venue.updateSettings({ presets: amounts, largeAmountThreshold: limit.amount }, auth)),
      () => 'Saved.',
    );
  }
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Money</h2>
      <form onSubmit={submit} className="stacked-form" noValidate>
        <label htmlFor={`${id}-presets`}>Buy-in presets (comma separated)</label>
        <input id={`${id}-presets`} value={presets} onChange={(event) => setPresets(event.target.value)} />
        <label htmlFor={`${id}-threshold`}>Confirm amounts above</label>
        <input
          id={`${id}-threshold`}
          inputMode="decimal"
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          Save money settings
        </button>
      </form>
      <CommandFeedback error={inputError ?? error} notice={notice} />
    </section>
  );
}
