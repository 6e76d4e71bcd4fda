/**
 * The cashier window's top bar (brand, screen tabs, connection badge) and the DEMO banner. Pure props: the live app
 * and the server-rendered first paint (first-paint/) draw the same markup, so the page does not shift when the app
 * takes over.
 */
import type { ReactNode } from 'react';
import type { ConnectionStatus } from '../../preload/contract';
import { StatusBadge } from '../shared/StatusBadge';

export type Screen = 'table' | 'cashier' | 'history' | 'settings';

export const SCREENS: readonly { readonly screen: Screen; readonly label: string }[] = [
  { screen: 'table', label: 'Table' },
  { screen: 'cashier', label: 'Cashier' },
  { screen: 'history', label: 'History' },
  { screen: 'settings', label: 'Settings' },
];

interface AppTopBarProps {
  readonly screen: Screen;
  /** Absent in the first paint: its tabs are drawn disabled until the app takes over. */
  readonly onScreen?: (screen: Screen) => void;
  readonly connection: ConnectionStatus;
  readonly demo: boolean;
  /** Beside the badge: the live app's "Reconnect now" (absent in the first paint, which cannot act yet). */
  readonly children?: ReactNode;
}

export function AppTopBar({ screen, onScreen, connection, demo, children }: AppTopBarProps) {
  return (
    <header className="topbar">
      <h1 className="brand">Venue Cashier</h1>
      <nav aria-label="Screens" className="tabs">
        {SCREENS.map((entry) => (
          <button
            key={entry.screen}
            type="button"
            aria-pressed={screen === entry.screen}
            // In the first paint they cannot work yet: disabled says so (and a click waits for the app's own).
            disabled={onScreen === undefined}
            onClick={onScreen === undefined ? undefined : () => onScreen(entry.screen)}
          >
            {entry.label}
          </button>
        ))}
      </nav>
      <StatusBadge connection={connection} demo={demo} />
      {children}
    </header>
  );
}

/** Says the money here is not real; its button opens Settings (absent in the first paint). */
export function DemoBanner({ onConnect }: { readonly onConnect?: () => void }) {
  return (
    // A named region (a landmark), so nothing on the page lies outside one.
    <section aria-label="Demo venue">
      <div className="demo-banner" role="note">
        <strong>DEMO</strong> You are on the built-in demo venue: nothing here is real money.
        <button type="button" disabled={onConnect === undefined} onClick={onConnect}>
          Connect your venue
        </button>
      </div>
    </section>
  );
}
