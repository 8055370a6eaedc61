// Whether an element is on screen for the user: the page is visible (not a background tab, not a minimised window)
// and the element intersects the viewport (not scrolled away in its column). The live background asks for frames
// only while this holds.
import { useEffect, useState, type RefObject } from 'react';

export function usePageShown(ref: RefObject<HTMLElement | null>): boolean {
  const [pageVisible, setPageVisible] = useState(() => document.visibilityState !== 'hidden');
  const [intersecting, setIntersecting] = useState(true);
  useEffect(() => {
    const onVisibility = (): void => setPageVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    const element = ref.current;
    // Without IntersectionObserver (old test DOMs) the element counts as on screen.
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry !== undefined) setIntersecting(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return pageVisible && intersecting;
}
