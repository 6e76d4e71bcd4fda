/** Everything one running demo venue is made of, shared by the server, the faults and the inspectors. */
import type { DemoAppliedMovement } from './api';
import type { TableEngine } from './engine/table-engine';
import type { VenueHistory, VenueWebhooks } from './integrations';
import type { EventFeed } from './live/event-feed';
import type { LiveFaultSwitches } from './live/live-faults';
import type { LiveState } from './live/projection';
import type { LostEventSwitch } from './lost-event-fault';
import type { TableRunner } from './live/table-runner';
import type { HostMachine } from './money/host';
import type { MovementDesk } from './money/movement-desk';
import type { ResolvedOptions } from './options';
import type { KeyRing } from './server/key-ring';
import type { LiveSocketServer } from './server/socket-server';
import type { UnknownFieldInjector } from './server/unknown-fields';
import type { TableViewSwitches } from './table-view-faults';

export interface VenueParts {
  readonly options: ResolvedOptions;
  readonly engine: TableEngine;
  readonly runner: TableRunner;
  readonly feed: EventFeed;
  readonly host: HostMachine;
  /** The service's idempotency table in front of the host (the late-delivery fault holds requests there). */
  readonly desk: MovementDesk;
  readonly keys: KeyRing;
  readonly sockets: LiveSocketServer;
  readonly injector: UnknownFieldInjector;
  readonly history: VenueHistory;
  readonly webhooks: VenueWebhooks;
  readonly ledger: DemoAppliedMovement[];
  readonly liveFaults: LiveFaultSwitches;
  readonly lostEvents: LostEventSwitch;
  /** Mutable switches the faults flip. */
  readonly switches: TableViewSwitches & {
    forceHandInProgress: boolean;
    frozen: boolean;
    /** The last state frame while the host streamed; what offline clients see. */
    lastKnownState: LiveState | null;
    /** GET /'s `updated`: the date of the venue's latest interface change (a test moves it to show drift). */
    apiUpdated: string;
  };
  /** A new session uid (the night after closeSession). */
  readonly nextSessionUid: () => string;
}
