/** Renderer entry: connects to main (preload or web bridge), then renders the app or, with `?view=monitor`, the table monitor. */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectVenue } from './bridge/connect';
import { MonitorApp } from './monitor/MonitorApp';
import { SnapshotStore } from './shared/snapshot-store';
import './styles/base.css';
import './styles/table.css';
import './styles/cashier.css';
import './styles/settings.css';
import './styles/monitor.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

const venue = connectVenue(window);
// Each publish renders synchronously, in the task that brought the push: the screen follows the venue at once.
const store = new SnapshotStore(venue, { batch: flushSync });
store.start();
const monitor = new URLSearchParams(window.location.search).get('view') === 'monitor';

createRoot(container).render(<StrictMode>{monitor ? <MonitorApp store={store} /> : <App venue={venue} store={store} />}</StrictMode>);
