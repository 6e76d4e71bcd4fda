/** The history channels: sync on demand and the queries the history screens read. */
import type { CommandHandlers } from './dispatch';
import type { HistoryService } from './history-service';

type HistoryHandlers = Pick<
  CommandHandlers,
  | 'history:sync'
  | 'history:hands'
  | 'history:hand'
  | 'history:players'
  | 'history:player'
  | 'history:leaderboard'
  | 'history:sessions'
  | 'history:session'
  | 'history:stack-tonight'
  | 'history:tonight-hands'
>;

export function historyCommands(history: HistoryService): HistoryHandlers {
  return {
    'history:sync': () => history.syncNow(),
    'history:hands': (args) => history.listHands(args),
    'history:hand': (handId) => history.getHand(handId),
    'history:players': ({ search }) => history.listPlayers(search),
    'history:player': (playerId) => history.getPlayer(playerId),
    'history:leaderboard': ({ period }) => history.getLeaderboard(period),
    'history:sessions': () => history.listSessions(),
    'history:session': (sessionUid) => history.getSession(sessionUid),
    'history:stack-tonight': async (playerId) => history.stackTonight(playerId),
    'history:tonight-hands': async (playerId) => history.tonightHands(playerId),
  };
}
