/** The count by denomination: values and numbers of pieces, editable, with the running total (the count). */
import type { CashUnit } from '../../preload/contract/cash-text';
import { cashText, cashUnitLabel } from '../../preload/contract/cash-text';
import { readDenominations, type DenominationDraft } from './denominations';

interface DenominationTableProps {
  readonly unit: CashUnit;
  readonly drafts: readonly DenominationDraft[];
  readonly onChange: (drafts: DenominationDraft[]) => void;
}

export function DenominationTable({ unit, drafts, onChange }: DenominationTableProps) {
  const reading = readDenominations(drafts);
  const edit = (index: number, field: keyof DenominationDraft, text: string) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, [field]: text } : draft)));
  return (
    <div className="denominations">
      <table>
        <thead>
          <tr>
            <th scope="col">Value ({cashUnitLabel(unit)})</th>
            <th scope="col">Pieces</th>
            <th scope="col">Subtotal</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, index) => {
            const line = readDenominations([draft]);
            return (
              <tr key={index} data-testid="denomination-row">
                <td>
                  <input
                    aria-label={`Value of line ${index + 1}`}
                    inputMode="decimal"
                    value={draft.value}
                    onChange={(event) => edit(index, 'value', event.target.value)}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Pieces of ${draft.value || `line ${index + 1}`}`}
                    inputMode="numeric"
                    value={draft.count}
                    onChange={(event) => edit(index, 'count', event.target.value)}
                  />
                </td>
                <td className="subtotal">{line.ok ? cashText(line.total, unit) : '-'}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove line ${index + 1}`}
                    onClick={() => onChange(drafts.filter((_draft, at) => at !== index))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={() => onChange([...drafts, { value: '', count: '' }])}>
        Add a value
      </button>
      <p className="denomination-total" data-testid="denomination-total">
        Total counted: {reading.ok ? cashText(reading.total, unit) : reading.error}
      </p>
    </div>
  );
}
