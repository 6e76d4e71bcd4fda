/** A command's or a field's error, read out at once (role=alert); nothing when there is none. */
export function ErrorLine({ error, id, testId }: { error: string | null; id?: string; testId?: string }) {
  if (error === null) return null;
  return (
    <p id={id} className="field-error" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
