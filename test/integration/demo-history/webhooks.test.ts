/** Webhook management and signed deliveries, against the demo venue and a real local receiver. */
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookHub, type WebhookHub } from '../../../main/demo/webhooks/hub';
import {
  signatureMatches,
  startWebhookReceiver,
  type ReceivedDelivery,
  type WebhookReceiver,
} from '../../support/webhook-receiver';
import { startVenue, type VenueClient } from './venue-client';

let client: VenueClient | undefined;
let hub: WebhookHub | undefined;
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await client?.venue.close();
  await hub?.close();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  client = undefined;
  hub = undefined;
});

const receiver = async (): Promise<WebhookReceiver> => {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
};

const venueWithHooks = async (options: Parameters<typeof startVenue>[0] = {}): Promise<VenueClient> => {
  client = await startVenue({ historyHands: 0, allowHttpWebhooks: true, ...options });
  return client;
};

const directHub = (timeoutMs?: number): WebhookHub => {
  hub = createWebhookHub({
    venueId: 'venue-under-test',
    allowHttpLoopback: true,
    now: () => 1_700_000_000_000,
    timeoutMs,
  });
  return hub;
};

type Registered = { id: string; url: string; kinds: string[] | null; secret: string };

/** Polls GET /webhooks on the hub until its first hook satisfies `predicate` (deliveries settle asynchronously). */
async function settled(
  target: WebhookHub,
  predicate: (record: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const list = target.handle('kid', 'GET', '/webhooks', undefined)?.body as { webhooks: Record<string, unknown>[] };
    const record = list.webhooks[0];
    if (record !== undefined && predicate(record)) return record;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the hook never reached the expected state');
}

describe('webhooks', () => {
  it('POST /webhooks returns 201 with the secret once; GET /webhooks never shows secrets', async () => {
    const venue = await venueWithHooks();
    const created = await venue.send<Registered>('POST', '/webhooks', {
      url: 'https://example.test/hook',
      kinds: ['hand.finished'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'https://example.test/hook',
      kinds: ['hand.finished'],
      secret: expect.any(String),
    });
    const everyKind = await venue.send<Registered>('POST', '/webhooks', { url: 'https://example.test/all' });
    expect(everyKind.body.kinds).toBeNull();
    const list = await venue.get<{ webhooks: Record<string, unknown>[] }>('/webhooks');
    expect(list.body.webhooks).toEqual([
      { id: created.body.id, url: 'https://example.test/hook', kinds: ['hand.finished'], disabled: false, fails: 0 },
      { id: everyKind.body.id, url: 'https://example.test/all', kinds: null, disabled: false, fails: 0 },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
  });

  it('a url that is not https:// is refused with 400 bad_url', async () => {
    const venue = await venueWithHooks({ allowHttpWebhooks: false });
    for (const url of ['http://127.0.0.1:9/hook', 'ftp://example.test/x', 'not a url', '', 42, undefined]) {
      const answer = await venue.send('POST', '/webhooks', { url });
      expect({ url, status: answer.status, error: answer.body['error'] }).toEqual({
        url,
        status: 400,
        error: 'bad_url',
      });
    }
    expect((await venue.get<{ webhooks: unknown[] }>('/webhooks')).body.webhooks).toEqual([]);
  });

  it('plain http is allowed only to loopback, and only when the venue allows it for tests', async () => {
    const venue = await venueWithHooks({ allowHttpWebhooks: true });
    expect((await venue.send('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
    expect((await venue.send('POST', '/webhooks', { url: 'http://example.test/hook' })).body['error']).toBe('bad_url');
  });

  it('an unknown kind is refused with 400 unknown_kind, listing unknown[] and supported[]', async () => {
    const venue = await venueWithHooks();
    const answer = await venue.send('POST', '/webhooks', {
      url: 'https://example.test/hook',
      kinds: ['hand.finished', 'hand.started'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'unknown_kind',
      unknown: ['hand.started'],
      supported: ['hand.finished', 'payout.applied', 'transaction.applied'],
    });
    expect((await venue.get<{ webhooks: unknown[] }>('/webhooks')).body.webhooks).toEqual([]);
  });

  it('a sixth webhook on one key is refused with 409 webhook_limit', async () => {
    const venue = await venueWithHooks();
    for (let i = 0; i < 5; i += 1)
      expect((await venue.send('POST', '/webhooks', { url: `https://example.test/${i}` })).status).toBe(201);
    const sixth = await venue.send('POST', '/webhooks', { url: 'https://example.test/6' });
    expect(sixth.status).toBe(409);
    expect(sixth.body['error']).toBe('webhook_limit');
  });

  it('DELETE /webhooks/{id} removes the hook (200 ok) and an unknown id is 404 not_found', async () => {
    const venue = await venueWithHooks();
    const created = await venue.send<Registered>('POST', '/webhooks', { url: 'https://example.test/hook' });
    const removed = await venue.send('DELETE', `/webhooks/${created.body.id}`);
    expect({ status: removed.status, body: removed.body }).toEqual({ status: 200, body: { ok: true } });
    expect((await venue.get<{ webhooks: unknown[] }>('/webhooks')).body.webhooks).toEqual([]);
    const again = await venue.send('DELETE', `/webhooks/${created.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body['error']).toBe('not_found');
  });

  it('deliveries are signed POSTs with X-Service-Event and a {kind, ts, venue, payload} body', async () => {
    const target = await receiver();
    const venue = await venueWithHooks({ paceMs: 2, autoplay: true });
    const created = await venue.send<Registered>('POST', '/webhooks', { url: target.url });
    const deliveries = await target.waitForDeliveries(6);
    for (const delivery of deliveries) {
      expect(signatureMatches(delivery.rawBody, delivery.signature, created.body.secret)).toBe(true);
      expect(signatureMatches(delivery.rawBody, delivery.signature, 'some other secret')).toBe(false);
      expect(delivery.contentType).toMatch(/^application\/json/);
      const body = delivery.body as Record<string, unknown>;
      expect(body).toMatchObject({
        kind: delivery.event,
        venue: venue.venue.venueId,
        ts: expect.any(Number),
        payload: expect.any(Object),
      });
      expect(body['ts']).toBeGreaterThan(1_600_000_000_000);
    }
    const finished = deliveries.filter((delivery) => delivery.event === 'hand.finished');
    expect(finished.length).toBeGreaterThan(0);
    for (const delivery of finished) expect(delivery.rawBody).not.toMatch(/hole_cards/);
  });

  it('a hook with kinds receives only those kinds; a hook without kinds receives every kind', async () => {
    const onlyPayouts = await receiver();
    const everything = await receiver();
    const venue = await venueWithHooks({ paceMs: 2, autoplay: true });
    await venue.send('POST', '/webhooks', { url: onlyPayouts.url, kinds: ['payout.applied'] });
    await venue.send('POST', '/webhooks', { url: everything.url });
    await everything.waitForDeliveries(10);
    await onlyPayouts.waitForDeliveries(2);
    expect(new Set(onlyPayouts.deliveries.map((delivery) => delivery.event))).toEqual(new Set(['payout.applied']));
    const kindsSeen = new Set(everything.deliveries.map((delivery) => delivery.event));
    expect(kindsSeen.has('payout.applied') && kindsSeen.has('hand.finished')).toBe(true);
  });

  it('payout.applied arrives once per winning seat, just before its hand.finished', async () => {
    const target = await receiver();
    const venue = await venueWithHooks({ paceMs: 2, autoplay: true });
    await venue.send('POST', '/webhooks', { url: target.url, kinds: ['payout.applied', 'hand.finished'] });
    await target.waitForDeliveries(12);
    const payload = (delivery: ReceivedDelivery): Record<string, unknown> =>
      (delivery.body as { payload: Record<string, unknown> }).payload;
    const finishedAt = target.deliveries.flatMap((delivery, index) =>
      delivery.event === 'hand.finished' ? [index] : [],
    );
    expect(finishedAt.length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k < finishedAt.length; k += 1) {
      const start = finishedAt[k - 1] as number;
      const index = finishedAt[k] as number;
      const finished = payload(target.deliveries[index] as ReceivedDelivery);
      const payouts = target.deliveries.slice(start + 1, index);
      expect(payouts.length).toBeGreaterThan(0);
      expect(payouts.every((delivery) => delivery.event === 'payout.applied')).toBe(true);
      expect(payouts.every((delivery) => payload(delivery)['hand_number'] === finished['hand_number'])).toBe(true);
      expect(payouts).toHaveLength((finished['winner_seats'] as unknown[]).length);
    }
  });

  it('20 consecutive failures disable the hook and stop its deliveries', async () => {
    const target = await receiver();
    target.respondWith(500);
    const webhooks = directHub();
    webhooks.handle('kid', 'POST', '/webhooks', { url: target.url });
    for (let i = 0; i < 25; i += 1) webhooks.deliver('hand.finished', { hand_number: i });
    const record = await settled(webhooks, (hook) => hook['disabled'] === true);
    expect(record['fails']).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.deliveries).toHaveLength(20);
    webhooks.deliver('hand.finished', { hand_number: 99 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.deliveries).toHaveLength(20);
  });

  it('a success resets the consecutive failure count', async () => {
    const target = await receiver();
    target.respondWith(503);
    const webhooks = directHub();
    webhooks.handle('kid', 'POST', '/webhooks', { url: target.url });
    for (let i = 0; i < 19; i += 1) webhooks.deliver('payout.applied', { i });
    await settled(webhooks, (hook) => hook['fails'] === 19);
    target.respondWith(204);
    webhooks.deliver('payout.applied', { i: 19 });
    await settled(webhooks, (hook) => hook['fails'] === 0);
    target.respondWith(500);
    webhooks.deliver('payout.applied', { i: 20 });
    const record = await settled(webhooks, (hook) => hook['fails'] === 1);
    expect(record['disabled']).toBe(false);
  });

  it('a receiver that does not answer in time and an unreachable receiver both count as failures', async () => {
    const slow = await receiver();
    slow.respondWith('hang');
    const webhooks = directHub(150);
    webhooks.handle('kid', 'POST', '/webhooks', { url: slow.url });
    webhooks.deliver('transaction.applied', { amount: 1 });
    expect((await settled(webhooks, (hook) => hook['fails'] === 1))['disabled']).toBe(false);

    const gone = await receiver();
    const goneUrl = gone.url;
    await gone.close();
    webhooks.handle('kid', 'DELETE', `/webhooks/${String((await settled(webhooks, () => true))['id'])}`, undefined);
    webhooks.handle('kid', 'POST', '/webhooks', { url: goneUrl });
    webhooks.deliver('transaction.applied', { amount: 2 });
    await settled(webhooks, (hook) => hook['url'] === goneUrl && hook['fails'] === 1);
  });

  it('deliveries to one hook arrive in the order they were sent', async () => {
    const target = await receiver();
    const webhooks = directHub();
    webhooks.handle('kid', 'POST', '/webhooks', { url: target.url });
    for (let i = 0; i < 30; i += 1) webhooks.deliver('transaction.applied', { sequence: i });
    const deliveries = await target.waitForDeliveries(30);
    expect(deliveries.map((delivery) => (delivery.body as { payload: { sequence: number } }).payload.sequence)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    );
  });
});
