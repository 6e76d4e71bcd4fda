/** The demo venue: the whole Venue API simulated on 127.0.0.1 (the app's built-in default venue and test bed). */
export { startDemoVenue, type RunningDemoVenue } from './venue';
export type { DemoInspectWithAccount } from './venue-inspect';
export type { ChipAccount } from './engine/table-engine';
export type * from './api';
export type {
  PlayedHand,
  PlayedHandAction,
  PlayedHandPlayer,
  DemoStakes,
  DemoStreet,
  DemoHistoryAction,
} from './played-hand';
