/**
 * The line under a cashier form after a press: what went to the tray (green), or why nothing did (the refusal's
 * colour and a plain sentence), with the code one click away.
 */
import type { RefusalText } from './command-refusal';

export type Feedback = { readonly kind: 'sent'; readonly text: string } | ({ readonly kind: 'refused' } & RefusalText);

export function CashierFeedback({ feedback }: { feedback: Feedback | null }) {
  if (feedback === null) return null;
  if (feedback.kind === 'sent')
    return (
      <p className="cashier-message" role="status">
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
