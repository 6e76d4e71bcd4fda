/**
 * History query arguments as the session's dispatch parses them (the contract's history channels): the history core
 * takes only a hand list query and a leaderboard month that parse made. Throws when the parse refuses.
 */
import type { LeaderboardPeriod } from '../../main/core/history/index';
import { invokeChannels, type HandListArgs, type ParsedHandListArgs } from '../../preload/contract';

export { MAX_HISTORY_PAGE } from '../../preload/contract';

/** The history:hands channel's parse of a hand list query. */
export function handListQuery(args: HandListArgs): ParsedHandListArgs {
  return invokeChannels['history:hands'].args.parse([args])[0];
}

/** The history:leaderboard channel's parse of a month (`YYYY-MM`). */
export function leaderboardPeriod(period: string): LeaderboardPeriod {
  const [{ period: parsed }] = invokeChannels['history:leaderboard'].args.parse([{ period }]);
  if (parsed === undefined) throw new Error('no period');
  return parsed;
}
