/**
 * Every schema of the Venue API in one import: REST resources and the live plane. The client and its consumers
 * (cashier, history, app) validate with these and nothing else.
 */
export * from './schemas-rest';
export * from './schemas-live';
