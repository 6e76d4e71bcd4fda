/**
 * Settings are saved per field: a patch changes what it names and nothing else, through the session's own
 * settings:update and the file it writes. Starting from values that are none of the defaults, each field is changed
 * in turn and every other field is checked, in memory and after reading the file back.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsPatchSchema, type Settings } from '../../../preload/contract';
import type { Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { JsonFileSettingsStore } from '../../../main/core/session/settings-store';
import { sessionPerTest } from '../../support/session-per-test';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const perTest = sessionPerTest('venue-settings-');

/** Every patchable field away from its default, so a default filled in by mistake shows as a change. */
const START: Settings = {
  presets: [25, 75],
  largeAmountThreshold: 1234,
  venueBaseUrl: 'http://127.0.0.1:9/v1',
  venueWsUrl: null,
  paperSize: 'letter',
  blindCount: false,
  printerName: 'Cage printer',
  silentSlipPrint: true,
  operatorPin: true,
  dualControl: true,
};

/** The operator who authorizes each change (PINs are on in START: the first one proven is set up as the manager). */
const AUTH = { operator: 'Ana', pin: '4821' };

/** A second value for each field, neither START's nor the default. */
const CHANGED = {
  presets: [40, 80, 120],
  largeAmountThreshold: 900,
  paperSize: 'a4',
  blindCount: true,
  printerName: 'Back office',
  silentSlipPrint: false,
  operatorPin: false,
  dualControl: false,
} as const;

type Field = keyof typeof CHANGED;
const FIELDS = Object.keys(settingsPatchSchema.shape) as Field[];

async function open(): Promise<Session> {
  const store = new JsonFileSettingsStore(perTest.dataDir);
  await store.save(START);
  return perTest.open({
    settingsStore: store,
    keyStore: new MemoryKeyStore('vk_test_0123456789abcdef', true),
    openLive: fakeFeedFactory(new FakeLiveFeed()),
    log: () => undefined,
  });
}

describe('settings saved per field', () => {
  it('covers every field the renderer may change, each starting away from its default', () => {
    expect([...FIELDS].sort()).toEqual(Object.keys(CHANGED).sort());
    for (const field of FIELDS) {
      expect(START[field]).not.toEqual(defaultSettings[field]);
      expect(CHANGED[field]).not.toEqual(START[field]);
    }
  });

  it.each(FIELDS)('changing %s alone leaves every other setting as it was, on screen and on disk', async (field) => {
    const running = await open();
    const patch = { [field]: CHANGED[field] };
    expect(await running.invoke('settings:update', [patch, AUTH])).toMatchObject({ ok: true });
    const expected = { ...START, [field]: CHANGED[field] };
    expect(running.snapshot().settings).toMatchObject(expected);
    expect((await new JsonFileSettingsStore(perTest.dataDir).load()).settings).toEqual(expected);
  });

  it('changes each field in turn, and all the earlier changes stay', async () => {
    const running = await open();
    let expected: Settings = START;
    for (const field of FIELDS) {
      const patch = { [field]: CHANGED[field] };
      expect(await running.invoke('settings:update', [patch, AUTH])).toMatchObject({ ok: true });
      expected = { ...expected, [field]: CHANGED[field] };
      expect(running.snapshot().settings).toMatchObject(expected);
    }
    expect((await new JsonFileSettingsStore(perTest.dataDir).load()).settings).toEqual(expected);
  });

  it('refuses a change without an operator PIN where the venue asks for PINs, and changes nothing', async () => {
    const running = await open();
    const refused = await running.invoke('settings:update', [{ operatorPin: false }]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'pin_required' } });
    const wrong = await running.invoke('settings:update', [{ paperSize: 'a4' }, { operator: 'Ana', pin: '0000' }]);
    // Ana is not enrolled yet, so no PIN of hers can be wrong: she is set up as the manager with 0000...
    expect(wrong).toMatchObject({ ok: true });
    // ...and from then on only her PIN is hers.
    const guessed = await running.invoke('settings:update', [
      { paperSize: 'letter' },
      { operator: 'Ana', pin: '1111' },
    ]);
    expect(guessed).toMatchObject({ ok: false, error: { message: expect.stringContaining('Wrong PIN for Ana') } });
    expect(running.snapshot().settings).toMatchObject({ ...START, paperSize: 'a4' });
    // Buy-in amounts are the cashier's own: no PIN asked.
    expect(await running.invoke('settings:update', [{ presets: [5] }])).toMatchObject({ ok: true });
  });
});
