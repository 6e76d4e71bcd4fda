/** A shift summary as one document: its sections in print order (add a section here, in one line). */
import { BooksSection } from './BooksSection';
import { ReconciliationSection } from './ReconciliationSection';
import type { SectionProps } from './summary-sections';
import {
  SummaryAlarms,
  SummaryCarried,
  SummaryCount,
  SummaryFigures,
  SummaryHeader,
  SummaryMovements,
  SummaryNote,
  SummarySignatures,
  SummaryWho,
} from './summary-sections';

export function ShiftSummaryDocument(props: SectionProps & { readonly testId?: string }) {
  return (
    <article className="shift-summary" aria-label="Shift summary" data-testid={props.testId}>
      <SummaryHeader {...props} />
      <SummaryWho {...props} />
      <SummaryFigures {...props} />
      <SummaryAlarms {...props} />
      <SummaryCarried {...props} />
      <ReconciliationSection view={props.summary.reconciliation} mode={props.mode} />
      <SummaryCount {...props} />
      <SummaryNote {...props} />
      <SummaryMovements {...props} />
      <BooksSection {...props} />
      <SummarySignatures />
    </article>
  );
}
