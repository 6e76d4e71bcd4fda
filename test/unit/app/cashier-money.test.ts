import { describe, expect, it } from 'vitest';
import { stackText } from '../../../renderer/cashier/cashier-money';

describe("a seat's stack in the cashier", () => {
  it("is written in the drawer's unit first, with big blinds only as a second figure", () => {
    expect(stackText(127.3, 'bb', 2)).toBe('127.3 chips (63.7 bb)');
    expect(stackText(127.3, null, 2)).toBe('127.3 chips (63.7 bb)');
    expect(stackText(1250, 'bb', null)).toBe('1,250 chips');
    expect(stackText(127.3, 'dollars', 2)).toBe('$127.30');
  });

  it('names no amount when the venue hides money or the stack is unknown', () => {
    expect(stackText(127.3, 'hidden', 2)).toBe('hidden by the venue');
    expect(stackText(null, 'bb', 2)).toBe('unknown');
  });
});
