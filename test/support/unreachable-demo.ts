/** A demo venue handle that points nowhere (port 9, discard): for session tests that never reach the venue. */
import type { DemoHandle } from '../../main/core/session';

export const unreachableDemo = (): DemoHandle => ({
  baseUrl: 'http://127.0.0.1:9/v1',
  wsUrl: 'ws://127.0.0.1:9/v1',
  key: 'demo-key-0123456789',
  close: async () => undefined,
});
