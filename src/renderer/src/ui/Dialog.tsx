// A modal <dialog> named by its title: Esc and the backdrop close it, and Tab cycles inside it (the browser alone
// would let focus leave for its own toolbar after the last control).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab on the dialog's own controls, wrapping from the last to the first and back. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

export function Dialog(props: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { open, onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const onCancel = (event: Event): void => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${props.className ?? ''}`}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              {'\u2715'}
            </button>
          </header>
          {props.children}
        </div>
      )}
    </dialog>
  );
}

/** Asks for a file path (the console saves on the machine it runs on, so a path, not a download). */
export function PathDialog(props: {
  title: string;
  open: boolean;
  initialPath: string;
  confirmLabel: string;
  description: string;
  onConfirm: (path: string) => Promise<boolean>;
  onClose: () => void;
}): ReactNode {
  const inputId = useId();
  const hintId = useId();
  const busy = useRef(false);
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <form
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('path');
          if (typeof value !== 'string' || value.trim() === '' || busy.current) return;
          busy.current = true;
          void props.onConfirm(value.trim()).then((done) => {
            busy.current = false;
            if (done) props.onClose();
          });
        }}
      >
        <label htmlFor={inputId}>Destination path</label>
        <input
          id={inputId}
          name="path"
          className="mono"
          defaultValue={props.initialPath}
          autoFocus
          spellCheck={false}
          aria-describedby={hintId}
          required
        />
        <p id={hintId} className="hint">
          {props.description}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks to confirm a destructive action. */
export function ConfirmDialog(props: {
  title: string;
  open: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}): ReactNode {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <p>{props.message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={props.onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
