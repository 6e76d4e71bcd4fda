/** The settings channels: presets and threshold, venue address, key, webhooks. */
import type { KeyCheck, OperatorAuth } from '../../../preload/contract';
import { isSecureOrLoopback } from '../../../preload/contract/settings';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';
import { askKey, checkKeyAt, type CheckedKey } from './key-check';
import { defaultWsUrl } from './key-origin';
import { changeVenue, opensAnotherVenue, questionBeforeLeaving } from './venue-switch';

type SettingsHandlers = Pick<
  CommandHandlers,
  | 'settings:update'
  | 'settings:set-venue-address'
  | 'settings:use-demo-venue'
  | 'settings:fresh-demo'
  | 'settings:set-key'
  | 'settings:check-key'
  | 'settings:remove-key'
  | 'settings:accept-weak-key-storage'
  | 'webhooks:list'
  | 'webhooks:add'
  | 'webhooks:delete'
>;

/** What the settings screen is told of a check: the venue, kid and live flag (not the origin it is bound to). */
const shown = (checked: CheckedKey): KeyCheck => ({ venue: checked.venue, kid: checked.kid, live: checked.live });

export function settingsCommands(context: SessionContext): SettingsHandlers {
  return {
    'settings:update': async (patch, auth) => {
      // The buy-in amounts are the cashier's own; every other setting is the venue's control, changed by a proven
      // operator where the venue asks for PINs.
      if (Object.keys(patch).some((field) => field !== 'presets')) await context.authorize(auth, 'these settings');
      const next = { ...context.settings(), ...patch };
      await context.saveSettings(next);
      return next;
    },
    'settings:set-venue-address': async (address, auth) => {
      await context.authorize(auth, 'the venue address');
      const { key, leaveOpenWork } = address;
      await changeVenue(context, {
        venueBaseUrl: address.baseUrl.replace(/\/+$/, ''),
        venueWsUrl: address.wsUrl,
        ...(key === undefined ? {} : { key }),
        ...(leaveOpenWork === undefined ? {} : { leaveOpenWork }),
      });
      return null;
    },
    'settings:use-demo-venue': async (auth, answer) => {
      await context.authorize(auth ?? undefined, 'the venue');
      const leaveOpenWork = answer?.leaveOpenWork;
      await changeVenue(context, {
        venueBaseUrl: null,
        venueWsUrl: null,
        ...(leaveOpenWork === undefined ? {} : { leaveOpenWork }),
      });
      return null;
    },
    'settings:fresh-demo': async (auth) => {
      // It forgets the demo's shifts and movements and their books: a change of the venue like any other.
      await context.authorize(auth, 'the demo venue');
      await context.startFreshDemo();
      return null;
    },
    'settings:set-key': (key, auth) => setKey(context, key, auth),
    // The operator's own "check the key": a GET /key asked on purpose, on the open connection.
    'settings:check-key': () => askKey(context.requireLink().connection.client),
    'settings:remove-key': async (auth) => {
      await context.authorize(auth, 'the venue key');
      if (context.keyStore.fixed)
        throw new CommandRefusal('key_fixed', 'The key was given at start-up and cannot be removed here.');
      await context.keyStore.clear();
      await context.reconnect();
      return null;
    },
    'settings:accept-weak-key-storage': async (consent) => {
      const store = context.keyStore;
      if (store.acceptWeakStorage === undefined) {
        throw new CommandRefusal(
          'not_applicable',
          'This app keeps the key in memory only; there is no weak storage to accept.',
        );
      }
      store.acceptWeakStorage(consent);
      context.changed();
      return null;
    },
    'webhooks:list': async () => {
      const list = await context.requireLink().connection.client.webhooks();
      return list.webhooks.map((hook) => ({
        id: String(hook.id),
        url: hook.url ?? '',
        kinds: hook.kinds ?? [],
        disabled: hook.disabled ?? false,
        fails: hook.fails ?? 0,
      }));
    },
    'webhooks:add': async (hook) => {
      const created = await context
        .requireLink()
        .connection.client.createWebhook(hook.url, hook.kinds.length === 0 ? undefined : hook.kinds);
      return {
        id: String(created.id),
        url: created.url ?? hook.url,
        kinds: created.kinds ?? hook.kinds,
        secret: created.secret ?? '',
      };
    },
    'webhooks:delete': async (id) => {
      await context.requireLink().connection.client.deleteWebhook(id);
      return null;
    },
  };
}

/** Key: checks the entered key once at the venue address in use, keeps it bound there and reopens with it. */
async function setKey(context: SessionContext, key: string, auth: OperatorAuth | undefined): Promise<KeyCheck> {
  await context.authorize(auth, 'the venue key');
  const { venueBaseUrl: baseUrl, venueWsUrl: wsUrl } = context.settings();
  if (baseUrl === null)
    throw new CommandRefusal('no_venue', 'Set the venue address first; the demo venue needs no key.');
  if (context.keyStore.fixed)
    throw new CommandRefusal('key_fixed', 'The key was given at start-up and cannot be changed here.');
  // A settings file may still name a plain-http venue elsewhere: the key is not sent there in clear text.
  if (!isSecureOrLoopback(baseUrl) || !isSecureOrLoopback(wsUrl ?? defaultWsUrl(baseUrl))) {
    throw new CommandRefusal(
      'insecure_venue',
      'The venue address must use https (and wss); set it again before entering the key.',
    );
  }
  // The key's one GET /key, before it is kept: a refused key is never stored. It is bound to the origin checked,
  // and the answer goes with it (to the store, and to the connection opened next, which does not ask again).
  const { checked, client } = await checkKeyAt(baseUrl, wsUrl, key);
  // The address changed during the check: the key was checked for the old one and is not kept.
  const now = context.settings();
  if (now.venueBaseUrl !== baseUrl || now.venueWsUrl !== wsUrl) {
    throw new CommandRefusal(
      'address_changed',
      'The venue address changed while the key was being checked; enter the key again for the new address.',
    );
  }
  // A key of another venue at the same address is a change of venue: Key has no question to answer, so where
  // something is open here it is refused and the operator is sent to Venue address, which asks.
  const question = opensAnotherVenue(context, checked.venue) ? questionBeforeLeaving(context) : null;
  if (question !== null) {
    throw new CommandRefusal(
      'key_opens_other_venue',
      `This key opens another venue (${checked.venue ?? 'not named'}). ${question} To change the venue, enter ` +
        'the key with the address under Venue address, which asks first. Nothing changed.',
    );
  }
  await context.keyStore.set(key, checked);
  await context.reconnect({ key, checked, client, baseUrl, wsUrl });
  return shown(checked);
}
