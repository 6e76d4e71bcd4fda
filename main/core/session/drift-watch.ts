/**
 * Interface drift, watched: `GET /` reports the date of the venue's latest interface change, so one public call
 * tells whether the venue's API moved on since the revision this client implements (the spec's Versioning rule 3).
 * Checked when the venue link opens and then once a day; the cashier sees a notice, nothing stops working (v1 only
 * grows additively). A failed check keeps the last answer and waits for the next one.
 */
import type { DriftView } from '../../../preload/contract';
import type { DriftReport } from '../venue/drift';

/** How often the venue's interface date is re-read. */
export const DRIFT_CHECK_MS = 24 * 60 * 60 * 1000;

/** Runs `task` every `ms`; returns the stop. Tests pass their own to step days without waiting. */
export type Repeat = (task: () => void, ms: number) => () => void;

const everyInterval: Repeat = (task, ms) => {
  const timer = setInterval(task, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** The report as the snapshot carries it (the venue's strings are passed on only when they are strings). */
function viewOf(report: DriftReport): DriftView {
  return {
    drift: report.drift,
    builtFor: report.builtFor,
    venueUpdated: report.venueUpdated,
    changelog: report.changelog,
  };
}

export class DriftWatch {
  private latest: DriftView | null = null;
  private readonly stop: () => void;
  private closed = false;

  constructor(
    private readonly check: () => Promise<DriftReport>,
    private readonly onChange: () => void,
    private readonly log: (message: string) => void,
    repeat: Repeat = everyInterval,
  ) {
    this.stop = repeat(() => void this.run(), DRIFT_CHECK_MS);
    void this.run();
  }

  /** The last answer; null before the first check answered. */
  view(): DriftView | null {
    return this.latest;
  }

  /** Reads GET / once now (also what the daily repeat calls). */
  async run(): Promise<void> {
    let report: DriftReport;
    try {
      report = await this.check();
    } catch (error) {
      this.log(
        `could not read the venue's interface date (GET /): ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    if (this.closed) return;
    const next = viewOf(report);
    const previous = this.latest;
    this.latest = next;
    if (
      previous === null ||
      previous.drift !== next.drift ||
      previous.venueUpdated !== next.venueUpdated ||
      previous.changelog !== next.changelog
    ) {
      this.onChange();
    }
  }

  close(): void {
    this.closed = true;
    this.stop();
  }
}
