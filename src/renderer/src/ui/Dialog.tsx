// A modal <dialog> (focus trap, Esc and the backdrop handled by the browser), named by its title.
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
