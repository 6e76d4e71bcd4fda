/**
 * Who authorizes changes in Settings, where the venue asks for operator PINs: typed once at the top of the screen
 * and sent with every change but the buy-in amounts (main checks it each time and writes who to the event log).
 */
import { createContext, useContext } from 'react';
import { authOf, type AuthDraft } from '../shared/OperatorAuthFields';

export const SettingsAuthContext = createContext<{ readonly needed: boolean; readonly draft: AuthDraft }>({
  needed: false,
  draft: { operator: '', pin: '' },
});

/** The authorization to send with a change: the operator typed at the top, or none where PINs are off. */
export function useSettingsAuth(): ReturnType<typeof authOf> | undefined {
  const { needed, draft } = useContext(SettingsAuthContext);
  return needed ? authOf(draft) : undefined;
}
