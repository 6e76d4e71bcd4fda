/**
 * Settings: venue address and key, money presets and confirmation threshold, paper and shift close, operators,
 * webhooks. Where the venue asks for operator PINs, who authorizes the changes is typed once at the top.
 */
import { useMemo, useState } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { EMPTY_AUTH, OperatorAuthFields } from '../shared/OperatorAuthFields';
import { OperatorsSection } from './OperatorsSection';
import { SettingsAuthContext } from './settings-auth';
import { KeySection } from './KeySection';
import { MoneySection } from './MoneySection';
import { PaperSection } from './PaperSection';
import { VenueSection } from './VenueSection';
import { WebhooksSection } from './WebhooksSection';

export function SettingsScreen({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [draft, setDraft] = useState(EMPTY_AUTH);
  const needed = snapshot.settings.operatorPin;
  const auth = useMemo(() => ({ needed, draft }), [needed, draft]);
  return (
    <SettingsAuthContext.Provider value={auth}>
      <main className="settings" aria-label="Settings">
        {needed && (
          <section className="settings-section" aria-label="Who authorizes these changes">
            <p>This venue asks for an operator's PIN to change its settings (the buy-in amounts excepted).</p>
            <OperatorAuthFields legend="Changes authorized by" value={draft} onChange={setDraft} />
          </section>
        )}
        <VenueSection venue={venue} snapshot={snapshot} />
        <KeySection venue={venue} snapshot={snapshot} />
        <MoneySection venue={venue} snapshot={snapshot} />
        <PaperSection venue={venue} snapshot={snapshot} />
        <OperatorsSection venue={venue} snapshot={snapshot} />
        <WebhooksSection venue={venue} snapshot={snapshot} />
      </main>
    </SettingsAuthContext.Provider>
  );
}
