// Short confirmations and errors at the bottom right; each leaves after a few seconds (errors stay longer).
import { useEffect, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import type { Notice } from './uiSlice';

function NoticeItem(props: { notice: Notice; onDismiss: (id: number) => void }): ReactNode {
  const { notice, onDismiss } = props;
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(notice.id), notice.tone === 'error' ? 10000 : 4000);
    return () => window.clearTimeout(timer);
  }, [notice, onDismiss]);
  return (
    <li className={`notice notice-${notice.tone}`}>
      <span>{notice.text}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>
        {'\u2715'}
      </button>
    </li>
  );
}

export function Notices(): ReactNode {
  const notices = useConsole((state) => state.notices);
  const dismiss = useConsole((state) => state.dismissNotice);
  return (
    <ul className="notices" role="status" aria-live="polite" aria-label="Notifications">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} onDismiss={dismiss} />
      ))}
    </ul>
  );
}
