/**
 * Who may call our IPC handlers: only the main frame of one of our registered windows, showing our
 * `app://` origin. Subframes, foreign pages, devtools and frames already gone are all refused.
 */
import { isAppUrl } from './app-origin';
import type { TrustedWindows, WindowRole } from './trusted-windows';

/** The part of an Electron WebFrameMain the check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly frameToken: string;
  readonly parent: unknown;
}

/** The part of an Electron IpcMainInvokeEvent the check reads. */
export interface SenderEvent {
  readonly sender: { readonly id: number; readonly mainFrame: { readonly frameToken: string } };
  readonly senderFrame: SenderFrame | null;
}

/** The verdict: the caller's window role, or why it was refused (for the main-process log only). */
export type SenderVerdict =
  { readonly trusted: true; readonly role: WindowRole } | { readonly trusted: false; readonly reason: string };

/** Decides whether an IPC event comes from the main frame of one of our windows on our origin. */
export function checkSender(event: SenderEvent, trusted: TrustedWindows): SenderVerdict {
  const frame = event.senderFrame;
  if (frame === null) return { trusted: false, reason: 'sender frame is gone' };
  const role = trusted.roleOf(event.sender.id);
  if (role === undefined) return { trusted: false, reason: 'sender is not one of our windows' };
  if (frame.parent !== null || frame.frameToken !== event.sender.mainFrame.frameToken) {
    return { trusted: false, reason: 'sender is a subframe' };
  }
  if (!isAppUrl(frame.url)) return { trusted: false, reason: 'sender is not on the app:// origin' };
  return { trusted: true, role };
}
