// The live table feeds the webhook hub: payout.applied once per winning seat just before hand.finished, and
// transaction.applied for each applied movement. (The hub's own rules are tested under demo-history's suites.)
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { call, freshKey, move, startTestVenue, until } from '../../support/demo-live-client';

interface Delivery {
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly signatureOk: boolean;
}

let venue: RunningDemoVenue;
let receiver: Server;
let secret = '';
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as { kind: string; payload: Record<string, unknown> };
      const expected = createHmac('sha256', secret).update(raw).digest('base64url');
      deliveries.push({
        kind: body.kind,
        payload: body.payload,
        signatureOk: request.headers['x-service-signature'] === expected,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4, allowHttpWebhooks: true });
  const port = (receiver.address() as AddressInfo).port;
  const created = await call(venue, '/webhooks', { method: 'POST', body: { url: `http://127.0.0.1:${port}/hook` } });
  expect(created.status).toBe(201);
  secret = created.body.secret as string;
});
afterAll(async () => {
  await venue.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook wiring', () => {
  it("Webhooks 1: payout.applied arrives once per winning seat, just before that hand's hand.finished", async () => {
    await until(() => deliveries.filter((delivery) => delivery.kind === 'hand.finished').length >= 10);
    await venue.faults.holdBetweenHands();
    try {
      const finished = deliveries.filter((delivery) => delivery.kind === 'hand.finished');
      for (const hand of finished) {
        const index = deliveries.indexOf(hand);
        const winners = hand.payload.winner_seats as number[];
        const payouts = deliveries.slice(index - winners.length, index);
        expect(payouts.map((delivery) => delivery.kind)).toEqual(winners.map(() => 'payout.applied'));
        expect(payouts.map((delivery) => delivery.payload.hand_number)).toEqual(
          winners.map(() => hand.payload.hand_number),
        );
        expect(payouts.map((delivery) => delivery.payload.seat_id).sort()).toEqual([...winners].sort());
      }
      expect(deliveries.every((delivery) => delivery.signatureOk)).toBe(true);
    } finally {
      venue.faults.resumeTable();
    }
  });

  it(
    'Webhooks 2: hand.finished carries per-seat contributed, won and net, the ' +
      'board, the pot and the rake, and no hole cards',
    () => {
      const finished = deliveries.filter((delivery) => delivery.kind === 'hand.finished');
      expect(finished.length).toBeGreaterThan(0);
      for (const { payload } of finished) {
        expect(Number.isInteger(payload.hand_number)).toBe(true);
        expect(Array.isArray(payload.board)).toBe(true);
        expect(typeof payload.pot).toBe('number');
        expect(typeof payload.rake).toBe('number');
        for (const seat of payload.seats as Record<string, unknown>[]) {
          for (const field of ['contributed', 'won', 'net']) expect(typeof seat[field]).toBe('number');
        }
        expect(JSON.stringify(payload)).not.toMatch(/hole/i);
      }
    },
  );

  it('Webhooks 3: each applied movement is delivered as transaction.applied', async () => {
    await venue.faults.holdBetweenHands();
    try {
      const answer = await move(venue, 'buy-in', {
        player_name: 'Hook Watcher',
        amount: 33,
        idempotency_key: freshKey('hook'),
      });
      expect(answer.body.ok).toBe(true);
      await until(() =>
        deliveries.some(
          (delivery) => delivery.kind === 'transaction.applied' && delivery.payload.name === 'Hook Watcher',
        ),
      );
      const delivered = deliveries.find(
        (delivery) => delivery.kind === 'transaction.applied' && delivery.payload.name === 'Hook Watcher',
      );
      expect(delivered?.payload).toMatchObject({
        kind: 'buy_in',
        delta: 33,
        source: 'transaction',
        player_id: answer.body.player_id,
      });
    } finally {
      venue.faults.resumeTable();
    }
  });
});
