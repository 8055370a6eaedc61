// `dumpsys notification [--noredact]` (NotificationManagerService's list; titles and texts are redacted to their
// length without --noredact) and `dumpsys dropbox [--print] [TAG...]` (DropBoxManagerService's entries).
import type { DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf, type NotificationRecord } from '../../../device/systemState';
import { dateTime, identity, lines } from './format';

const IMPORTANCE_NAMES: Record<number, string> = { 1: 'MIN', 2: 'LOW', 3: 'DEFAULT', 4: 'HIGH' };

function extra(value: string, redact: boolean): string {
  return redact ? `String [length=${value.length}]` : `String (${value})`;
}

function notificationBlock(state: DeviceState, record: NotificationRecord, redact: boolean): string[] {
  const sdk = state.sdkLevel;
  const uid = appUid(state, record.packageName);
  const key = `0|${record.packageName}|${record.id}|${record.tag ?? 'null'}|${uid}`;
  const flags = record.ongoing ? '0x62' : '0x10';
  const elapsedPosted = record.postTimeMs - systemStateOf(state).bootTimeMs;
  const ranking = sdk >= 26 ? `importance=${record.importance}` : 'score=0';
  const channel = sdk >= 26 ? `channel=${record.channelId} ` : 'pri=0 ';
  return [
    `    NotificationRecord(0x${identity(`notification:${key}`)}: pkg=${record.packageName} user=UserHandle{0} id=${record.id} tag=${record.tag ?? 'null'} ${ranking} key=${key}: Notification(${channel}contentView=null vibrate=null sound=null defaults=0x0 flags=${flags} color=0x00000000 vis=PRIVATE))`,
    `      uid=${uid} userId=0`,
    `      opPkg=${record.packageName}`,
    `      icon=Icon(typ=RESOURCE pkg=${record.packageName} id=0x7f080123)`,
    `      flags=${flags}`,
    '      pri=0',
    `      key=${key}`,
    '      seen=false',
    '      notification=',
    '        fullscreenIntent=null',
    `        contentIntent=PendingIntent{${identity(`content:${key}`)}: PendingIntentRecord{${identity(`pir:${key}`)} ${record.packageName} startActivity}}`,
    '        deleteIntent=null',
    '        number=0',
    '        actions={ }',
    '        extras={',
    `          android.title=${extra(record.title, redact)}`,
    `          android.text=${extra(record.text, redact)}`,
    '          android.showWhen=Boolean (true)',
    '        }',
    `      stats=SingleNotificationStats{posttimeElapsedMs=${elapsedPosted}, posttimeToFirstClickMs=-1, posttimeToDismissMs=-1, airtimeCount=1, airtimeMs=${elapsedPosted}}`,
    ...(sdk >= 26
      ? [
          `      mImportance=${IMPORTANCE_NAMES[record.importance] ?? 'DEFAULT'}`,
          `      mChannel=NotificationChannel{mId='${record.channelId}', mName=${record.channelId}, mImportance=${record.importance}, mBypassDnd=false, mLockscreenVisibility=-1000, mShowBadge=true}`,
        ]
      : []),
    `      mCreationTimeMs=${record.postTimeMs}`,
    `      mUpdateTimeMs=${record.postTimeMs}`,
  ];
}

export function notificationService(state: DeviceState, args: readonly string[]): string {
  const redact = !args.includes('--noredact');
  const notifications = systemStateOf(state).notifications();
  return lines(
    'Current Notification Manager state:',
    `  Notification List:`,
    ...notifications.flatMap((record) => notificationBlock(state, record, redact)),
    '',
    `  mSoundNotificationKey=null`,
    `  mVibrateNotificationKey=null`,
    `  mDisableNotificationEffects=null`,
    `  mCallState=CALL_STATE_IDLE`,
    `  mSystemReady=true`,
    `  mMaxPackageEnqueueRate=5.0`,
  );
}

/** `dumpsys dropbox [--print|-p] [TAG...]`: a summary line per entry, or whole entries with --print. */
export function dropboxService(state: DeviceState, args: readonly string[]): string {
  const print = args.includes('--print') || args.includes('-p');
  const tags = args.filter((argument) => !argument.startsWith('-'));
  const all = systemStateOf(state).dropbox();
  const entries = tags.length === 0 ? all : all.filter((entry) => tags.includes(entry.tag));
  const rows = [`Drop box contents: ${all.length} entries`, 'Max entries: 1000'];
  if (tags.length > 0) rows.push(`Searching for: ${tags.join(' ')}`);
  rows.push('');
  for (const entry of entries) {
    const bytes = Buffer.byteLength(entry.text);
    const title = `${dateTime(state, entry.timeMs)} ${entry.tag} (text, ${bytes} bytes)`;
    if (print) rows.push('========================================', title, entry.text);
    else rows.push(title, `    ${entry.text.replace(/\n/g, '/').slice(0, 70)}`);
  }
  if (entries.length === 0 && tags.length > 0) rows.push('(No entries found.)');
  return lines(rows);
}
