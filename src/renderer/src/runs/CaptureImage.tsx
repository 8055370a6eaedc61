// One capture's image in the captures list: a thumbnail loaded when it scrolls into view, which opens the full
// capture in the screenshot viewer with the run's reported and predicted bounds (the held panel did not move).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { RunCapture } from '../../../shared/api/evidence';
import type { Rect } from '../../../shared/geometry/types';
import { imageUrl } from '../history/historySlice';
import { useConsole } from '../store/context';
import { captureImageKey } from './captureImagesSlice';
import { ScreenshotViewer } from './ScreenshotViewer';
import { ErrorDetails } from './StepList';
import './captureImage.css';

/** True once the element has come within a screen of the viewport (at once where there is no IntersectionObserver). */
function useSeen(element: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = element.current;
    if (seen || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}

export interface CaptureImageProps {
  runId: string;
  capture: RunCapture;
  reportedBounds?: Rect;
  predictedBounds?: Rect;
  /**
   * Changes whenever the hold's state does (a new capture, the release): run.json may name a capture only after
   * the event that showed it, so a failed load is tried again on the next change.
   */
  revision: string;
  /** The hold has ended: run.json is final, and a failed load is shown as an error. */
  settled: boolean;
}

/** The thumbnail button (and, when opened, the full capture with its bounds); nothing for a failed capture. */
export function CaptureImage(props: CaptureImageProps): ReactNode {
  const { runId, capture } = props;
  const key = captureImageKey(runId, capture.index);
  const entry = useConsole((state) => state.captureImages[key]);
  const load = useConsole((state) => state.loadCaptureImage);
  // On the button: the wrapper is display: contents, which has no box to intersect.
  const holder = useRef<HTMLButtonElement>(null);
  const seen = useSeen(holder);
  const [open, setOpen] = useState(false);
  const stored = capture.status === 'succeeded' && capture.file !== undefined;
  const triedAt = useRef<string | null>(null);
  const { revision } = props;
  useEffect(() => {
    if (!stored || !seen) return;
    if (entry !== undefined && (entry.status !== 'failed' || triedAt.current === revision)) return;
    triedAt.current = revision;
    void load(runId, capture.index);
  }, [stored, seen, entry, load, runId, capture.index, revision]);
  if (!stored) return null;
  const image = entry?.status === 'ready' ? entry.image : undefined;
  return (
    <div className="capture-image">
      <button
        type="button"
        className="capture-thumb"
        ref={holder}
        aria-expanded={open}
        aria-label={`${open ? 'Close' : 'Open'} capture ${capture.index} with its bounds`}
        disabled={image === undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {image === undefined ? (
          <span className="muted small">
            {entry?.status === 'failed' && props.settled ? 'No image' : 'Loading…'}
          </span>
        ) : (
          <img
            src={imageUrl(image)}
            alt={`Capture ${capture.index}`}
            width={image.widthPx}
            height={image.heightPx}
          />
        )}
      </button>
      {entry?.status === 'failed' && props.settled && <ErrorDetails error={entry.error} />}
      {open && image !== undefined && (
        <div className="capture-full" role="group" aria-label={`Capture ${capture.index} with bounds`}>
          <ScreenshotViewer
            src={imageUrl(image)}
            widthPx={image.widthPx}
            heightPx={image.heightPx}
            {...(props.reportedBounds ? { reportedBounds: props.reportedBounds } : {})}
            {...(props.predictedBounds ? { predictedBounds: props.predictedBounds } : {})}
          />
        </div>
      )}
    </div>
  );
}
