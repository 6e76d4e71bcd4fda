/** The order clock: monotonic whatever the wall clock does, lifted past a floor, and a step said in plain words. */
import { describe, expect, it } from 'vitest';
import { clockStepSentence, stepSize } from '../../../main/core/cashier/clock-steps';
import { createOrderClock, wallOf } from '../../../main/core/venue/clock';

/** A wall clock and a monotonic source the test moves by hand. */
function sources(wallStart: number) {
  let wall = wallStart;
  let mono = 5;
  return {
    wall: () => wall,
    mono: () => mono,
    pass(ms: number) {
      wall += ms;
      mono += ms;
    },
    stepWall(ms: number) {
      wall += ms;
    },
  };
}

describe('order clock', () => {
  it('starts on the wall clock and then follows only the monotonic source', () => {
    const s = sources(1_000_000);
    const clock = createOrderClock(s.wall, s.mono);
    expect(clock.now()).toBe(1_000_000);
    s.pass(250);
    s.stepWall(-3_600_000);
    expect(clock.now()).toBe(1_000_250);
    s.pass(10);
    s.stepWall(86_400_000);
    expect(clock.now()).toBe(1_000_260);
    expect(clock.wall()).toBe(1_000_260 - 3_600_000 + 86_400_000);
  });

  it('is lifted to a floor ahead of it, never moved back by one behind it', () => {
    const s = sources(1_000_000);
    const clock = createOrderClock(s.wall, s.mono);
    clock.atLeast(500);
    expect(clock.now()).toBe(1_000_000);
    clock.atLeast(4_600_000);
    expect(clock.now()).toBe(4_600_000);
    s.pass(1);
    expect(clock.now()).toBe(4_600_001);
  });

  it('reads a past order time on the wall clock as it reads now', () => {
    const s = sources(1_000_000);
    const clock = createOrderClock(s.wall, s.mono);
    const at = clock.now();
    s.pass(60_000);
    expect(wallOf(at, clock)).toBe(1_000_000);
    s.stepWall(-3_600_000);
    expect(wallOf(at, clock)).toBe(1_000_000 - 3_600_000);
  });
});

describe('a clock step in words', () => {
  it('says the way and the size plainly', () => {
    expect(stepSize(-3_600_000)).toBe('1 hour');
    expect(stepSize(90_061_000)).toBe('1 day 1 hour');
    expect(stepSize(12_400)).toBe('12 seconds');
    const text = clockStepSentence({ by: -3_600_000, wallAt: new Date(2026, 10, 28, 16, 16, 5).getTime(), orderAt: 0 });
    expect(text).toBe("This PC's clock jumped back 1 hour at 16:16:05; money decisions are not affected.");
    expect(clockStepSentence({ by: 7_200_000, wallAt: 0, orderAt: 0 })).toMatch(
      /^This PC's clock jumped forward 2 hours/,
    );
  });
});
