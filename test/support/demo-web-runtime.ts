/**
 * A web runtime serving the fast demo venue from a fresh temp data dir, as the integration tests of the web
 * runtime's bridge start it: no key or venue on the command line, the demo started on demand, logs dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import { FAST_DEMO } from './web-app';

export interface DemoWebRuntime {
  readonly venue: RunningDemoVenue;
  readonly runtime: WebRuntime;
  readonly dataDir: string;
  /** Closes the runtime, then the venue, then removes the data dir. */
  close(): Promise<void>;
}

/** Starts the demo venue and a web runtime on it, the data dir named after `prefix`; undoes what started on failure. */
export async function startDemoWebRuntime(prefix: string): Promise<DemoWebRuntime> {
  const venue = await startDemoVenue(FAST_DEMO);
  let dataDir: string | undefined;
  try {
    dataDir = await mkdtemp(join(tmpdir(), prefix));
    const runtime = await startWebRuntime({
      dataDir,
      venue: null,
      wsUrl: null,
      key: null,
      startDemo: async () => venue,
      log: () => undefined,
    });
    const madeDir = dataDir;
    return {
      venue,
      runtime,
      dataDir: madeDir,
      close: async () => {
        await runtime.close();
        await venue.close();
        await rm(madeDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await venue.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
