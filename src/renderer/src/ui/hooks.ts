// Small DOM hooks: element size, decoded images, a ticking clock, and Roboto readiness.
import { useEffect, useState, type RefObject } from 'react';
import { loadRoboto } from '../preview/fonts';
import { previewMeasurer } from '../preview/measurer';

export interface ElementSize {
  width: number;
  height: number;
}

/** The content-box size of an element, kept current with a ResizeObserver. */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box === undefined) return;
      setSize((previous) =>
        previous.width === box.width && previous.height === box.height
          ? previous
          : { width: box.width, height: box.height },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** An image element once `src` has decoded (null before, or without a src). */
export function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (src === null) return;
    let cancelled = false;
    const image = new Image();
    image.src = src;
    image
      .decode()
      .then(() => {
        if (!cancelled) setLoaded({ src, image });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [src]);
  return loaded !== null && loaded.src === src ? loaded.image : null;
}

/** Date.now(), updated every `intervalMs` while `active`. */
export function useNow(active: boolean, intervalMs = 100): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

let fontsReady = false;

/** True once Roboto has loaded (measuring before would measure a fallback font). */
export function useFontsReady(): boolean {
  const [ready, setReady] = useState(fontsReady);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    void loadRoboto().then(() => {
      // Widths cached before the font arrived belong to a fallback font.
      if (!fontsReady) previewMeasurer().reset();
      fontsReady = true;
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return ready;
}
