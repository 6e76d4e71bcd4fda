/** Settings: venue address and key, money presets and confirmation threshold, paper and shift close, webhooks. */
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { KeySection } from './KeySection';
import { MoneySection } from './MoneySection';
import { PaperSection } from './PaperSection';
import { VenueSection } from './VenueSection';
import { WebhooksSection } from './WebhooksSection';

export function SettingsScreen({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  return (
    <main className="settings" aria-label="Settings">
      <VenueSection venue={venue} snapshot={snapshot} />
      <KeySection venue={venue} snapshot={snapshot} />
      <MoneySection venue={venue} snapshot={snapshot} />
      <PaperSection venue={venue} snapshot={snapshot} />
      <WebhooksSection venue={venue} snapshot={snapshot} />
    </main>
  );
}
