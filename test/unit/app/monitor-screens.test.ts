/**
 * The table monitor's sessions kept in the data folder (main/web/monitor-screens.ts, web-sessions.ts): a room's
 * screen is let back in by the next run of the app on the same folder, and nothing else is: not the cashier, not
 * another tab, not a session the folder no longer holds; and the file holds no value a browser presents.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMonitorScreens, MAX_KEPT_SCREENS, MONITOR_FILE } from '../../../main/web/monitor-screens';
import { runtimeCookieTag, WebSessions, type Role } from '../../../main/web/web-sessions';

const PORT = 8080;
const CASHIER_TAG = (run: number) => runtimeCookieTag(PORT, `cashier-run${run}`.padEnd(12, 'x'));

let dataDir: string;
const logged: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-monitor-screens-'));
  logged.length = 0;
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** One run of the app on the data folder: its sessions, the monitor's loaded from (and kept in) the folder. */
async function run(number: number): Promise<{ sessions: WebSessions; settled: () => Promise<void> }> {
  const screens = await loadMonitorScreens(dataDir, (message) => logged.push(message));
  const tag = runtimeCookieTag(PORT, screens.instance);
  const sessions = new WebSessions(
    { cashier: `cashier-link-${number}`.padEnd(43, 'c'), monitor: `monitor-link-${number}`.padEnd(43, 'm') },
    Date.now,
    CASHIER_TAG(number),
    { tag, screens },
  );
  return { sessions, settled: () => screens.settled() };
}

/** A browser's first visit of `role`'s link: its Cookie header and its tab's secret (kept, as the page says). */
function openTab(sessions: WebSessions, role: Role): { cookie: string; tab: string } {
  const won = sessions.exchange(sessions.renewLink(role));
  if (won === null) throw new Error('the link was refused');
  const cookie = won.setCookie.split(';')[0] ?? '';
  const admitted = sessions.admit(cookie, role, null);
  if (admitted?.newTabSecret == null) throw new Error('the first socket was refused');
  admitted.kept();
  return { cookie, tab: admitted.newTabSecret };
}

describe("the table monitor's kept sessions", () => {
  it('let the same screen and tab back in after a restart on the same folder, and only the monitor', async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    const cashier = openTab(first.sessions, 'cashier');
    await first.settled();

    const second = await run(2);
    expect(second.sessions.admit(screen.cookie, 'monitor', screen.tab)).not.toBeNull();
    // Its cookie opens the monitor's socket only; the cashier's session died with the first run.
    expect(second.sessions.admit(screen.cookie, 'cashier', screen.tab)).toBeNull();
    expect(second.sessions.admit(cashier.cookie, 'cashier', cashier.tab)).toBeNull();
    // The same cookie from another tab (no secret, or a wrong one) is refused, as it was before the restart.
    expect(second.sessions.admit(screen.cookie, 'monitor', null)).toBeNull();
    // Another secret of the same length (its last character always changed: a random one may already be 'A').
    const other = `${screen.tab.slice(0, -1)}${screen.tab.endsWith('A') ? 'B' : 'A'}`;
    expect(second.sessions.admit(screen.cookie, 'monitor', other)).toBeNull();
    expect(logged).toEqual([]);
  });

  it('are kept as digests only, in a private file with nothing of the cashier', async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    const cashier = openTab(first.sessions, 'cashier');
    await first.settled();
    const file = join(dataDir, MONITOR_FILE);
    const text = await readFile(file, 'utf8');
    const values = [screen.cookie.split('=')[1], screen.tab, cashier.cookie.split('=')[1], cashier.tab];
    for (const value of values) expect(text.includes(value ?? '-'), `${value ?? ''} is in the file`).toBe(false);
    expect((JSON.parse(text) as { screens: unknown[] }).screens).toHaveLength(1);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('are revoked by deleting the file: the next run lets no screen in', async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    await first.settled();
    await rm(join(dataDir, MONITOR_FILE));
    const second = await run(2);
    expect(second.sessions.admit(screen.cookie, 'monitor', screen.tab)).toBeNull();
  });

  it("are revoked by --forget-monitors: refused now and after a restart; the cashier's stay", async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    const cashier = openTab(first.sessions, 'cashier');
    expect(first.sessions.forgetMonitors()).toBe(1);
    expect(first.sessions.admit(screen.cookie, 'monitor', screen.tab)).toBeNull();
    expect(first.sessions.admit(cashier.cookie, 'cashier', cashier.tab)).not.toBeNull();
    await first.settled();
    const second = await run(2);
    expect(second.sessions.admit(screen.cookie, 'monitor', screen.tab)).toBeNull();
  });

  it('set a damaged or edited file aside with a log line and start with none', async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    await first.settled();
    const file = join(dataDir, MONITOR_FILE);
    const kept = JSON.parse(await readFile(file, 'utf8')) as { screens: { session: string }[] };
    for (const damaged of ['{"version":1,', JSON.stringify({ ...kept, version: 2 }), '[]']) {
      logged.length = 0;
      await writeFile(file, damaged);
      const next = await run(2);
      expect(next.sessions.admit(screen.cookie, 'monitor', screen.tab)).toBeNull();
      expect(logged.join('\n')).toMatch(/needs a new link/);
    }
  });

  it('open nothing for a value written into the file in place of its digest', async () => {
    const first = await run(1);
    const screen = openTab(first.sessions, 'monitor');
    await first.settled();
    const file = join(dataDir, MONITOR_FILE);
    const kept = JSON.parse(await readFile(file, 'utf8')) as object;
    // Someone who can write the folder plants the session id itself (not its digest), unbound to any tab.
    await writeFile(file, JSON.stringify({ ...kept, screens: [{ session: screen.cookie.split('=')[1], tab: null }] }));
    const next = await run(2);
    expect(next.sessions.admit(screen.cookie, 'monitor', null)).toBeNull();
  });

  it(`keep the newest ${MAX_KEPT_SCREENS} screens: a link opened again and again does not grow the file`, async () => {
    const first = await run(1);
    const screens = Array.from({ length: MAX_KEPT_SCREENS + 1 }, () => openTab(first.sessions, 'monitor'));
    await first.settled();
    const second = await run(2);
    const [oldest, ...rest] = screens;
    expect(second.sessions.admit(oldest?.cookie, 'monitor', oldest?.tab ?? null)).toBeNull();
    for (const screen of rest) expect(second.sessions.admit(screen.cookie, 'monitor', screen.tab)).not.toBeNull();
  });
});
