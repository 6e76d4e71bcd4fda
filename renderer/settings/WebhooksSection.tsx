/** Webhooks: list (kinds, disabled, failures), add (secret shown once, with a copy button), delete. */
import { useId, useState, type FormEvent } from 'react';
import type { CreatedWebhook, SessionSnapshot, VenueBridge, WebhookKind } from '../../preload/contract';
import { call } from '../bridge/call';
import { DataTable } from '../shared/DataTable';
import { useBridgeValue } from '../shared/use-bridge-value';
import { CommandFeedback, useCommand } from '../shared/use-command';

const kinds: readonly WebhookKind[] = ['hand.finished', 'payout.applied', 'transaction.applied'];

function SecretOnce({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret-once" role="alert">
      <p>
        Signing secret for {created.url}. It is shown <strong>once</strong>: copy it now.
      </p>
      <code data-testid="webhook-secret">{created.secret}</code>
      <div className="form-actions">
        <button
          type="button"
          onClick={() => void navigator.clipboard.writeText(created.secret).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

export function WebhooksSection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<WebhookKind>>(new Set());
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { busy, error, notice, run } = useCommand();
  const id = useId();
  const hasKey = snapshot.key.hasKey;
  const [generation, setGeneration] = useState(0);
  const refresh = () => setGeneration((value) => value + 1);
  // Read again after each add and delete; nothing to read before a key is set.
  const listed = useBridgeValue(hasKey ? String(generation) : null, () => venue.listWebhooks());
  const hooks = listed.value;

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => call(venue.addWebhook({ url: url.trim(), kinds: [...chosen] }))).then((made) => {
      if (made === undefined) return;
      setCreated(made);
      setUrl('');
      setChosen(new Set());
      refresh();
    });
  }
  function toggle(kind: WebhookKind) {
    const next = new Set(chosen);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    setChosen(next);
  }
  return (
    <section className="settings-section settings-wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Webhooks</h2>
      {created !== null && <SecretOnce created={created} onDone={() => setCreated(null)} />}
      {hooks !== null && hooks.length === 0 && <p className="muted">No webhooks.</p>}
      {hooks !== null && hooks.length > 0 && (
        <DataTable
          className="webhooks"
          rows={hooks}
          rowKey={(hook) => hook.id}
          columns={[
            { header: 'URL', cell: (hook) => hook.url },
            { header: 'Kinds', cell: (hook) => (hook.kinds.length === 0 ? 'every kind' : hook.kinds.join(', ')) },
            { header: 'State', cell: (hook) => (hook.disabled ? 'disabled' : 'enabled') },
            { header: 'Failures', cellAttributes: { className: 'num' }, cell: (hook) => hook.fails },
            {
              header: 'Actions',
              hiddenHeader: true,
              cell: (hook) => (
                <button
                  type="button"
                  aria-label={`Delete webhook ${hook.url}`}
                  onClick={() =>
                    void run(
                      () => call(venue.deleteWebhook(hook.id)),
                      () => 'Webhook deleted.',
                    ).then(refresh)
                  }
                >
                  Delete
                </button>
              ),
            },
          ]}
        />
      )}
      <form onSubmit={submit} className="stacked-form">
        <label htmlFor={`${id}-url`}>Webhook URL (https)</label>
        <input
          id={`${id}-url`}
          value={url}
          placeholder="https://example.com/hooks/poker"
          onChange={(event) => setUrl(event.target.value)}
        />
        <fieldset className="kinds">
          <legend>Kinds (none chosen means every kind)</legend>
          {kinds.map((kind) => (
            <label key={kind}>
              <input type="checkbox" checked={chosen.has(kind)} onChange={() => toggle(kind)} /> {kind}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy || !hasKey || url.trim() === ''}>
          Add webhook
        </button>
      </form>
      <CommandFeedback error={error ?? listed.error} notice={notice} />
    </section>
  );
}
