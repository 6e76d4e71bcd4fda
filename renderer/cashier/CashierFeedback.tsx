/**
 * The line under a cashier form after a press: applied (green), on its way to the venue (neutral), or why nothing
 * was done (the refusal's colour and a plain sentence), with the reference one click away.
 */
import type { RefusalText } from './command-refusal';

export type Feedback =
  { readonly kind: 'sent' | 'waiting'; readonly text: string } | ({ readonly kind: 'refused' } & RefusalText);

export function CashierFeedback({ feedback }: { feedback: Feedback | null }) {
  if (feedback === null) return null;
  if (feedback.kind !== 'refused')
    return (
      <p className="cashier-message" role="status" data-tone={feedback.kind === 'sent' ? 'applied' : 'pending'}>
        {feedback.text}
      </p>
    );
  return (
    <div className="cashier-refusal" role="alert" data-tone="refused">
      <p>{feedback.sentence}</p>
      {feedback.detail !== null && (
        <details className="movement-details">
          <summary>Details</summary>
          <p>{feedback.detail}</p>
        </details>
      )}
    </div>
  );
}
