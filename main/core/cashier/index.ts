/** The crash-safe cashier: journaled buy-ins and cash-outs that apply exactly once, and an in-doubt tray. */
export { openCashier } from './cashier';
export { isSettled } from './machine';
export { correctionNeeded, countedByCashier, decisionLine, exceptionLine } from './decision';
export { DEFAULT_CASHIER_CONFIG } from './api';
export type {
  Cashier,
  CashierConfig,
  CashierOptions,
  CashierPhase,
  CashierSnapshot,
  CashierTimers,
  CashierTransport,
  CommandResult,
  MovementView,
  RequestResult,
} from './api';
export { appliedAmount, appliedDelta, centsTotals, csvCell, ledgerCsv, ledgerTotals } from './ledger';
export type { AmountSource, AppliedAmount, CentsTotals, LedgerCsvOptions, LedgerTotals } from './ledger';
export { movementSlip, shortReference, venueAppliedAt } from './slip';
export type { SlipDocument, SlipResult, SlipRow } from './slip';
export { closedWall, expectedCash, openedWall } from './shift';
export type {
  CashAmount,
  CloseDetails,
  DenominationCount,
  OperatorName,
  ShiftClose,
  ShiftRecord,
  ShiftTotals,
} from './shift';
export type { ShiftResult } from './shift-book';
export { shiftSummaryText } from './shift-summary';
export { readArchive, ARCHIVE_DIR } from './archive';
export { SHIFT_LOG_FILE } from './shift-log';
export { clockStepSentence, CLOCK_STEP_MS } from './clock-steps';
export type { ClockStep } from './clock-steps';
export { wallTimes } from './wall-stamps';
export { readJournal, recoverJournal, JOURNAL_FILE } from './journal';
export type { RecoveredJournal, RecoveryReport } from './journal';
export { JournalLockedError } from './lock';
export { IDEMPOTENCY_KEY_PATTERN } from './key';
export { DEFAULT_RETRY_BOUNDS } from './backoff';
export type { RetryBounds } from './backoff';
export type {
  AttemptRecord,
  Evidence,
  Movement,
  MovementFlag,
  MovementWall,
  MovementRequest,
  MovementState,
  ObservationSource,
  ObservationStamp,
  ObservedSeat,
  Settlement,
  StreamCoverage,
  StreamPosition,
  StretchStart,
  TableObservation,
  TableReadingFacts,
  TransactionAppliedObservation,
} from './types';
export {
  carriedFrom,
  carriedLine,
  carriedSettledLine,
  holdingHint,
  holdingState,
  isCarriedAtClose,
  type CarriedItem,
} from './carry';
