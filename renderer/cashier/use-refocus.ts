/**
 * Gives the focus back to the dialog's first field once a press was answered: the controls are disabled while main
 * answers (one press, one intent), and a disabled field loses the focus, which would leave a keyboard-only cashier on
 * nothing. Only when the focus is lost: a cashier who moved on (Tab, a click) keeps where they are.
 */
import { useEffect, useRef } from 'react';

export function useRefocusAfter(busy: boolean): void {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const answered = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!answered) return;
    const active = document.activeElement;
    if (active === null || active === document.body || active instanceof HTMLDialogElement)
      document.querySelector<HTMLElement>('dialog[open] [data-autofocus]')?.focus();
  }, [busy]);
}
