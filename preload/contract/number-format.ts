/**
 * en-US number text (thousands commas, a bounded number of decimals, dollars) without Intl on the hot path.
 * The table's pot and stacks are formatted on every live event, and Intl.NumberFormat#format costs tens of
 * microseconds on a page that has been idle between events; string arithmetic costs a fraction of that.
 *
 * The output is Intl's, character for character: like ICU, it rounds the shortest decimal that reads back as the
 * same double (String(value): 0.15 is "0.15", rounded to one decimal "0.2"), half away from zero
 * (test/unit/app/number-format.test.ts checks against Intl). Values String writes with an exponent (below 1e-6,
 * 1e21 and beyond) go to Intl.
 */

const intlFallback = new Map<string, Intl.NumberFormat>();

function viaIntl(value: number, minFraction: number, maxFraction: number, currency: boolean): string {
  const key = `${minFraction}:${maxFraction}:${currency}`;
  let format = intlFallback.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      ...(currency ? { style: 'currency', currency: 'USD' } : {}),
    });
    intlFallback.set(key, format);
  }
  return format.format(value);
}

/** "1234567" -> "1,234,567". */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return grouped;
}

/** Adds one to the last digit of a string of digits: "199" -> "200", "99" -> "100". */
function incrementDigits(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + '0'.repeat(digits.length - index - 1);
}

/**
 * The sign and the grouped digits of a plain decimal string (no exponent) rounded to maxFraction decimals, half
 * away from zero, trailing zeros dropped down to minFraction.
 */
function parts(
  value: number,
  plain: string,
  minFraction: number,
  maxFraction: number,
): { sign: string; digits: string } {
  const dot = plain.indexOf('.');
  let whole = dot === -1 ? plain : plain.slice(0, dot);
  let fraction = dot === -1 ? '' : plain.slice(dot + 1);
  if (fraction.length > maxFraction) {
    const roundUp = fraction.charCodeAt(maxFraction) >= 53; // '5'
    const kept = whole + fraction.slice(0, maxFraction);
    const rounded = roundUp ? incrementDigits(kept) : kept;
    whole = rounded.slice(0, rounded.length - maxFraction);
    fraction = rounded.slice(rounded.length - maxFraction);
  }
  fraction = fraction.padEnd(minFraction, '0');
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // Intl writes a negative value that rounds to zero as "-0", and -0 itself too.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return { sign, digits: fraction === '' ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}` };
}

/** String(|value|) when it has no exponent, else null. */
function plainDigits(value: number): string | null {
  const text = String(Math.abs(value));
  return text.includes('e') || !Number.isFinite(value) ? null : text;
}

/** `value` with thousands commas and at most `maxFraction` decimals (at least `minFraction`). */
export function formatDecimal(value: number, maxFraction: number, minFraction = 0): string {
  const plain = plainDigits(value);
  if (plain === null) return viaIntl(value, minFraction, maxFraction, false);
  const { sign, digits } = parts(value, plain, minFraction, maxFraction);
  return sign + digits;
}

/** US dollars with two decimals: "$1,234.50", "-$3.00". */
export function formatDollars(value: number): string {
  const plain = plainDigits(value);
  if (plain === null) return viaIntl(value, 2, 2, true);
  const { sign, digits } = parts(value, plain, 2, 2);
  return `${sign}$${digits}`;
}
