/**
 * The "unknown fields" fault: while on, every response body, frame, payload and state gains fields the spec does
 * not define, so clients prove they are tolerant readers.
 */

export class UnknownFieldInjector {
  on = false;

  /** Adds the extra fields to a plain object (returns it unchanged when off or not an object). */
  decorate<T>(value: T): T {
    if (!this.on || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return { ...value, demo_unknown_field: 'ignore me', demo_unknown_object: { nested: [1, 'two', null] } };
  }

  /** A socket frame: the frame, its payload and its state all get extras. */
  decorateFrame(frame: Record<string, unknown>): Record<string, unknown> {
    if (!this.on) return frame;
    const out: Record<string, unknown> = { ...frame };
    if ('payload' in out) out.payload = this.decorate(out.payload);
    if ('state' in out) out.state = this.decorate(out.state);
    return this.decorate(out);
  }
}
