/** Keys that work anywhere on the page: `/` goes to the search box, Escape closes what is open and returns to it. */
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Returns the close signal: it changes each time Escape asks every open panel (Explain panels,
 * a peek list) to close. `onEscape` closes what the caller keeps open itself.
 */
export function useShortcuts(searchRef: RefObject<HTMLInputElement | null>, onEscape: () => void): number {
  // `/` focuses the search box from anywhere but a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchRef]);

  // The listener is added once; it calls the caller's latest onEscape.
  const escape = useRef(onEscape);
  escape.current = onEscape;
  const [closeSignal, setCloseSignal] = useState(0);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if ((event.target as HTMLElement).closest?.('dialog, [role="dialog"]')) return;
      escape.current();
      setCloseSignal((n) => n + 1);
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchRef]);

  return closeSignal;
}
