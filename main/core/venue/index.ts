/**
 * The venue connection core: schemas, typed errors, the REST client, the live keeper, the table model and the
 * connection state. Plain Node; no Electron, no React.
 */
export * from './schemas';
export * from './bounded-log';
export * from './errors';
export * from './clock';
export * from './money';
export * from './drift';
export * from './rate-budget';
export * from './rest-client';
export * from './transaction';
export * from './live-privacy';
export * from './live-frames';
export * from './live-cursor';
export * from './backoff';
export * from './live-persistence';
export * from './live-keeper';
export * from './live-heal';
export * from './venue-time';
export * from './table-model';
export * from './table-snapshot';
export * from './connection-state';
