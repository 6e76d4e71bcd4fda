/**
 * Which web contents are ours, and in what role. The IPC helper answers only these; a contents that is
 * not registered (a devtools page, anything created behind our back) gets no handler at all.
 */

/** The two kinds of window the app opens. The monitor is read-only. */
export type WindowRole = 'cashier' | 'monitor';

/** A registry of our windows' web contents, keyed by `webContents.id`. */
export class TrustedWindows {
  readonly #roles = new Map<number, WindowRole>();

  /** Records a contents as ours; forgotten when `forget` is called (on 'destroyed'). */
  add(webContentsId: number, role: WindowRole): void {
    this.#roles.set(webContentsId, role);
  }

  forget(webContentsId: number): void {
    this.#roles.delete(webContentsId);
  }

  /** The role of a contents, or undefined when it is not one of ours. */
  roleOf(webContentsId: number): WindowRole | undefined {
    return this.#roles.get(webContentsId);
  }

  /** Ids of every registered contents in a role (for pushes). */
  idsIn(role: WindowRole): number[] {
    return [...this.#roles].filter(([, r]) => r === role).map(([id]) => id);
  }

  /** Ids of every registered contents. */
  allIds(): number[] {
    return [...this.#roles.keys()];
  }
}
