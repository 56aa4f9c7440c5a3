'use client';
// A form with changes not yet saved asks before the person leaves it: the browser's own question
// when the tab is closed, reloaded or sent elsewhere (beforeunload), and a confirm when a link
// of the dashboard is followed (the app router has no navigation event to hold on to, so a click
// on a link is caught before Next.js handles it). The back button is not caught.
import { useEffect } from 'react';

/** Whether a click on this link leaves the page for another one of this site, in this tab. */
function leavesPage(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const to = new URL(anchor.href, window.location.href);
  const here = new URL(window.location.href);
  if (to.origin !== here.origin) return true;
  return to.pathname !== here.pathname || to.search !== here.search;
}

export function useLeaveWarning(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = question;
    };
    const click = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || !leavesPage(event, anchor)) return;
      if (window.confirm(question)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture: before Next.js's Link handles the click on the root.
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active, question]);
}
