/**
 * The wall times people read (slips, the tray, the summary, the CSV), kept apart from the order times every decision
 * compares. A movement's own time fields are order times; `wall` keeps the PC's local time when it was asked for and
 * when it settled. Journals written before (no `wall`) had only wall times: those read as both.
 */
import type { Movement, MovementWall } from './types';

/** The movement about to be journaled, with its wall times: kept from before, or stamped now when they begin. */
export function stampWall(previous: Movement | undefined, next: Movement, wallNow: number): Movement {
  const before = previous === undefined ? null : wallTimes(previous);
  const createdAt = before?.createdAt ?? wallNow;
  const settledAt = next.settlement === null ? null : (before?.settledAt ?? wallNow);
  const wall = next.wall;
  if (wall !== undefined && wall.createdAt === createdAt && wall.settledAt === settledAt) return next;
  return { ...next, wall: { createdAt, settledAt } };
}

/** A movement's wall times (an older journal's movement: its times, which were wall times). */
export function wallTimes(movement: Movement): MovementWall {
  return movement.wall ?? { createdAt: movement.createdAt, settledAt: movement.settlement?.at ?? null };
}
