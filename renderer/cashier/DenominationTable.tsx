/** The count by denomination: values and numbers of pieces, editable, with the running total (the count). */
import type { CashUnit } from '../../preload/contract/cash-text';
import { cashText, cashUnitLabel } from '../../preload/contract/cash-text';
import { DataTable } from '../shared/DataTable';
import { readDenominations, type DenominationDraft } from './denominations';

interface DenominationTableProps {
  readonly unit: CashUnit;
  readonly drafts: readonly DenominationDraft[];
  readonly onChange: (drafts: DenominationDraft[]) => void;
}

export function DenominationTable({ unit, drafts, onChange }: DenominationTableProps) {
  const reading = readDenominations(drafts);
  const subtotalOf = (draft: DenominationDraft) => {
    const line = readDenominations([draft]);
    return line.ok ? cashText(line.total, unit) : '-';
  };
  const edit = (index: number, field: keyof DenominationDraft, text: string) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, [field]: text } : draft)));
  return (
    <div className="denominations">
      <DataTable
        rows={drafts}
        rowKey={(_draft, index) => index}
        rowAttributes={() => ({ 'data-testid': 'denomination-row' })}
        columns={[
          {
            header: `Value (${cashUnitLabel(unit)})`,
            cell: (draft, index) => (
              <input
                aria-label={`Value of line ${index + 1}`}
                inputMode="decimal"
                value={draft.value}
                onChange={(event) => edit(index, 'value', event.target.value)}
              />
            ),
          },
          {
            header: 'Pieces',
            cell: (draft, index) => (
              <input
                aria-label={`Pieces of ${draft.value || `line ${index + 1}`}`}
                inputMode="numeric"
                value={draft.count}
                onChange={(event) => edit(index, 'count', event.target.value)}
              />
            ),
          },
          { header: 'Subtotal', cellAttributes: { className: 'subtotal' }, cell: subtotalOf },
          {
            header: 'Remove',
            hiddenHeader: true,
            cell: (_draft, index) => (
              <button
                type="button"
                aria-label={`Remove line ${index + 1}`}
                onClick={() => onChange(drafts.filter((_other, at) => at !== index))}
              >
                ×
              </button>
            ),
          },
        ]}
      />
      <button type="button" onClick={() => onChange([...drafts, { value: '', count: '' }])}>
        Add a value
      </button>
      <p className="denomination-total" data-testid="denomination-total">
        Total counted: {reading.ok ? cashText(reading.total, unit) : reading.error}
      </p>
    </div>
  );
}
