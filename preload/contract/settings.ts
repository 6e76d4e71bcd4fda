/** Settings section of the contract: venue address, key, money presets, confirmation threshold, webhooks. */
import { z } from 'zod';
import { MAX_AMOUNT, operatorAuthSchema } from './cashier';
import { channel } from './define';
import type { KeyStorageStatus } from './key-storage';

export const paperSizeSchema = z.enum(['receipt-80mm', 'a4', 'letter']);
export type PaperSize = z.infer<typeof paperSizeSchema>;

const presetAmount = z.number().finite().positive().max(MAX_AMOUNT);

/**
 * The fields the renderer may change, each without a default: a patch names only what the cashier changed. (A field
 * with `.default()` would fill itself into every partial patch, so saving the paper would reset the PIN rule.)
 */
const patchableFields = {
  /** One-click buy-in amounts, in table chips. */
  presets: z.array(presetAmount).min(1).max(6),
  /** Movements above this amount ask the operator to confirm. */
  largeAmountThreshold: presetAmount,
  /** The paper slips and shift summaries print on: an 80 mm thermal receipt roll, or an A4 / Letter sheet. */
  paperSize: paperSizeSchema,
  /** Blind count: the close does not show the expected cash before the count is entered (what a cage wants). */
  blindCount: z.boolean(),
  /** The printer chosen for slips in the desktop app (null: the system's default, through the print dialog). */
  printerName: z.string().min(1).max(256).nullable(),
  /** Print the slip to the chosen printer without the print dialog (desktop app only). */
  silentSlipPrint: z.boolean(),
  /**
   * Operators prove who they are with a PIN (kept as a salted hash): to open and close a shift, and to change the
   * venue, the key or these settings. The first operator set up is the manager, who enrols the others.
   */
  operatorPin: z.boolean(),
  /**
   * Dual control: counting a movement as applied, sending again, cancelling one already sent and a cash-out over the
   * large-amount threshold each need a second operator's PIN (with operator PINs on).
   */
  dualControl: z.boolean(),
};

/** Settings persisted by main (validated JSON on disk; electron-store in the desktop shell). */
export const settingsSchema = z.object({
  presets: patchableFields.presets,
  largeAmountThreshold: patchableFields.largeAmountThreshold,
  /** The venue's REST base (with /v1); null runs the built-in demo venue. */
  venueBaseUrl: z.url({ protocol: /^https?$/ }).nullable(),
  /** The venue's WebSocket base (with /v1); null derives it from the REST base. */
  venueWsUrl: z.url({ protocol: /^wss?$/ }).nullable(),
  // Files written before these fields existed read back with the defaults.
  paperSize: patchableFields.paperSize.default('receipt-80mm'),
  blindCount: patchableFields.blindCount.default(true),
  printerName: patchableFields.printerName.default(null),
  silentSlipPrint: patchableFields.silentSlipPrint.default(false),
  operatorPin: patchableFields.operatorPin.default(false),
  dualControl: patchableFields.dualControl.default(false),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  presets: [100, 200, 500],
  largeAmountThreshold: 5000,
  venueBaseUrl: null,
  venueWsUrl: null,
  paperSize: 'receipt-80mm',
  blindCount: true,
  printerName: null,
  silentSlipPrint: false,
  operatorPin: false,
  dualControl: false,
};

/**
 * The fields the renderer may change through settings:update (the venue address has its own channel): only those
 * the patch names are changed.
 */
export const settingsPatchSchema = z.object(patchableFields).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The key travels to the venue in every request and in the socket URL, so it only goes over TLS
 * (`https`, `wss`); plain `http`/`ws` is accepted for a venue on this machine (loopback) only.
 */
export function isSecureOrLoopback(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' || url.protocol === 'wss:') return true;
  return (url.protocol === 'http:' || url.protocol === 'ws:') && LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
}

const TLS_ONLY =
  'The venue address must start with https:// (wss:// for the live table); http:// is only for a venue on this PC.';

/**
 * An origin and a path, nothing else: `venue.example@evil.example` is evil.example to the computer, and a query or
 * fragment would sit in front of the paths the app appends (`/key`, `/live/events?key=`).
 */
export function isPlainAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !/[?#@]/.test(address);
  } catch {
    return false;
  }
}

const PLAIN_ONLY = 'The venue address is the site and path only, with no user name, no "?" and no "#".';

/** Spec: a key is a bearer credential; we only bound its size and refuse whitespace. */
const keySchema = z.string().min(8).max(512).regex(/^\S+$/, 'A venue key has no spaces.');

/**
 * The operator's answer to "change the venue?" where a shift is open or movements are unsettled: asked first (the
 * core refuses with `confirm_leave` and the question's words), then sent again with this.
 */
const leaveConsentSchema = z.literal(true).optional();

export const venueAddressSchema = z
  .object({
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .refine(isSecureOrLoopback, TLS_ONLY)
      .refine(isPlainAddress, PLAIN_ONLY),
    wsUrl: z
      .url({ protocol: /^wss?$/ })
      .refine(isSecureOrLoopback, TLS_ONLY)
      .refine(isPlainAddress, PLAIN_ONLY)
      .nullable()
      .default(null),
    /** The new venue's key: GET /key at the new address must accept it before anything changes. */
    key: keySchema.optional(),
    leaveOpenWork: leaveConsentSchema,
  })
  .strict();
export type VenueAddress = z.input<typeof venueAddressSchema>;

export const webhookKindSchema = z.enum(['hand.finished', 'payout.applied', 'transaction.applied']);
export type WebhookKind = z.infer<typeof webhookKindSchema>;

export const newWebhookSchema = z
  .object({
    url: z.url({ protocol: /^https$/ }),
    /** Omitted or empty means every kind. */
    kinds: z.array(webhookKindSchema).max(3).default([]),
  })
  .strict();
export type NewWebhook = z.input<typeof newWebhookSchema>;

/**
 * What the renderer knows about the key: never the key itself. `storage`, `persistRefused` and `problem` say how it is
 * kept.
 */
export interface KeyView extends KeyStorageStatus {
  readonly hasKey: boolean;
  readonly venue: string | null;
  readonly kid: string | null;
  /** The key came from the environment or a key file and cannot be changed from the UI. */
  readonly fromEnvironment: boolean;
}

/** The operator's explicit consent to keep the key with weak protection (Linux without a keyring). */
export const weakStorageConsentSchema = z.object({ acceptWeakStorage: z.literal(true) }).strict();
export type WeakStorageConsent = z.infer<typeof weakStorageConsentSchema>;

/** The answer of GET /key, as the settings screen shows it. */
export interface KeyCheck {
  readonly venue: string;
  readonly kid: string;
  readonly live: boolean;
}

export interface WebhookView {
  readonly id: string;
  readonly url: string;
  /** Empty means every kind. */
  readonly kinds: readonly string[];
  readonly disabled: boolean;
  readonly fails: number;
}

export interface CreatedWebhook {
  readonly id: string;
  readonly url: string;
  readonly kinds: readonly string[];
  /** Shown once by the venue, never again. */
  readonly secret: string;
}

export const settingsChannels = {
  /** The operator authorizing the change, where the venue asks for PINs (every settings change but the presets). */
  'settings:update': channel<Settings>()(z.tuple([settingsPatchSchema, operatorAuthSchema.optional()])),
  'settings:set-venue-address': channel<null>()(z.tuple([venueAddressSchema, operatorAuthSchema.optional()])),
  /** The operator (null where PINs are off, so the answer to "change the venue?" can follow), then that answer. */
  'settings:use-demo-venue': channel<null>()(
    z.tuple([
      operatorAuthSchema.nullable().optional(),
      z.object({ leaveOpenWork: leaveConsentSchema }).strict().optional(),
    ]),
  ),
  /** Replaces the built-in demo venue (in use) with a new one: its saved state and its journal are wiped. */
  'settings:fresh-demo': channel<null>()(z.tuple([operatorAuthSchema.optional()])),
  'settings:set-key': channel<KeyCheck>()(z.tuple([keySchema, operatorAuthSchema.optional()])),
  'settings:check-key': channel<KeyCheck>()(z.tuple([])),
  'settings:remove-key': channel<null>()(z.tuple([operatorAuthSchema.optional()])),
  /** The manager (first) enrols a new operator (second): a name cannot be claimed by typing it. */
  'operators:enrol': channel<null>()(z.tuple([operatorAuthSchema, operatorAuthSchema])),
  /** The manager lifts the lock a name got after 10 wrong PINs. */
  'operators:unlock': channel<null>()(z.tuple([operatorAuthSchema, operatorAuthSchema.shape.operator])),
  'settings:accept-weak-key-storage': channel<null>()(z.tuple([weakStorageConsentSchema])),
  'webhooks:list': channel<readonly WebhookView[]>()(z.tuple([])),
  'webhooks:add': channel<CreatedWebhook>()(z.tuple([newWebhookSchema])),
  'webhooks:delete': channel<null>()(z.tuple([z.string().min(1).max(256)])),
} as const;
