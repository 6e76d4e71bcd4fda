/**
 * Live ingest cost, as ratios against bare JSON.parse of the same frames (measured in the same run):
 * - ingest: parse + validate + table-model update of a stream of whole hands (target: throughput >= 0.50x parse,
 *   i.e. time ratio <= 2.0);
 * - catch-up: a 5,000-event replay window through the cursor and the catch-up path, against parse + validate of
 *   the same burst (target: <= 1.25x).
 */
import {
  INITIAL_CURSOR,
  initialTable,
  onEvent,
  onReplay,
  readFrameText,
  reduceTable,
} from '../../main/core/venue/index';
import { fixtureSeats, handEvents, stateFrame } from '../support/venue-fixtures';
import { interleaved, peakRssMiB, round3 } from './stats';

function frames(hands: number): string[] {
  const seats = fixtureSeats();
  return [JSON.stringify(stateFrame(seats)), ...handEvents(seats, hands).map((event) => JSON.stringify(event))];
}

export default async function ingestBench(): Promise<Record<string, unknown>> {
  const stream = frames(1_000);
  let sink = 0;
  const bareParse = (): void => {
    for (const text of stream) sink += (JSON.parse(text) as { seq?: number }).seq ?? 0;
  };
  const ingest = (): void => {
    let table = initialTable();
    for (const text of stream) {
      const { parsed } = readFrameText(text);
      if (parsed.type === 'state')
        table = reduceTable(table, { type: 'state', live: parsed.frame.live, state: parsed.frame.state, at: 0 });
      else if (parsed.type === 'event') table = reduceTable(table, { type: 'event', event: parsed.event, at: 0 });
    }
    sink += table.pot;
  };
  const ingestResult = await interleaved(bareParse, ingest, 9);

  const window = frames(300).slice(1, 5_001);
  const envelope = JSON.stringify({
    type: 'replay',
    since_seq: 0,
    count: window.length,
    complete: true,
    reset: false,
    oldest_seq: 1,
    newest_seq: window.length,
    window: 5_000,
  });
  const burst = [envelope, ...window];
  const parseValidate = (): void => {
    for (const text of burst) if (readFrameText(text).parsed.type === 'event') sink += 1;
  };
  const catchUp = (): void => {
    let table = initialTable();
    let cursor = INITIAL_CURSOR;
    for (const text of burst) {
      const { parsed } = readFrameText(text);
      if (parsed.type === 'replay') cursor = onReplay(cursor, parsed.frame).cursor;
      else if (parsed.type === 'event') {
        const step = onEvent(cursor, parsed.event);
        cursor = step.cursor;
        if (step.decision === 'catch-up') table = reduceTable(table, { type: 'catch-up', event: parsed.event, at: 0 });
        else if (step.decision === 'apply') table = reduceTable(table, { type: 'event', event: parsed.event, at: 0 });
      }
    }
    sink += table.ticker.length;
  };
  const catchUpResult = await interleaved(parseValidate, catchUp, 9);

  return {
    frames: stream.length,
    ingest: { ...ingestResult, throughputVsParse: round3(1 / ingestResult.ratio), target: 'throughputVsParse >= 0.5' },
    catchUp5000: { ...catchUpResult, events: window.length, target: 'ratio <= 1.25' },
    peakRssMiB: peakRssMiB(),
    sink: sink > 0,
  };
}
