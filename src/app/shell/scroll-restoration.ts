import { useEffect, useLayoutEffect, useRef } from 'react';
import { currentRoute } from '../../live/hash-location.ts';

/** How long Back waits for a list to grow tall enough to return to where the customer was. */
const RESTORE_FOR_MS = 3000;

/**
 * Where the page starts on a route change (docs/product-rules.md, Routes and pages): a new page
 * at the top; Back or Forward where the customer left that page, so a list opened again by Back
 * keeps its filters (in the route's query) and its scroll position. Positions are kept per route,
 * query included, as the customer scrolls. A list draws after its answer arrives, so the position
 * is tried again each frame until the page is tall enough, for a few seconds, or until the
 * customer scrolls, taps or types first.
 */
export function useScrollRestoration(location: string) {
  const positions = useRef(new Map<string, number>());
  const shown = useRef(currentRoute());
  const traversing = useRef(false);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPop = () => {
      traversing.current = true;
    };
    // Kept under the route in the address bar, query included, so a filter chosen on the list
    // counts; the new position is read before a new page's first scroll event can overwrite it.
    const onScroll = () => {
      positions.current.set(currentRoute(), window.scrollY);
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // Before paint, so a scroll event of the new page is never counted for the old one.
  useLayoutEffect(() => {
    const route = currentRoute();
    if (route === shown.current && !traversing.current) return;
    shown.current = route;
    const back = traversing.current;
    traversing.current = false;
    const target = back ? (positions.current.get(route) ?? 0) : 0;
    window.scrollTo(0, target);
    if (target === 0 || Math.abs(window.scrollY - target) < 2) return;

    let frame = 0;
    const until = performance.now() + RESTORE_FOR_MS;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
        window.removeEventListener(type, stop);
    };
    const retry = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) < 2 || performance.now() > until || currentRoute() !== route)
        stop();
      else frame = requestAnimationFrame(retry);
    };
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.addEventListener(type, stop, { passive: true });
    frame = requestAnimationFrame(retry);
    return stop;
  }, [location]);
}
