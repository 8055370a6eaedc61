// Permissions audit (android_permission_audit): per third-party package (or one chosen package), its permissions
// granted or not, install or runtime, and the AppOps modes that are not plain allow.
import { useState, type ReactNode } from 'react';
import { ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { bool, list, str } from './viewData';

interface Audit {
  packageName: string;
  permissions: Array<{ name: string; kind: string; granted: boolean | undefined }>;
  appops: Array<{ op: string; mode: string }>;
}

function auditsOf(result: unknown): Audit[] {
  return list(result, 'packages').map((entry) => ({
    packageName: str(entry, 'package') ?? '',
    permissions: list(entry, 'permissions').map((permission) => ({
      name: str(permission, 'permission') ?? '',
      kind: str(permission, 'kind') ?? '',
      granted: bool(permission, 'granted'),
    })),
    appops: list(entry, 'appops').map((op) => ({ op: str(op, 'op') ?? '', mode: str(op, 'mode') ?? '' })),
  }));
}

export function PermissionsView(props: { serial: string; refreshSignal: number }): ReactNode {
  const probe = useProbe(props.serial, 'android_permission_audit', { refreshSignal: props.refreshSignal });
  const lastPackage = probe.card?.args?.['package'];
  const [packageName, setPackageName] = useState(typeof lastPackage === 'string' ? lastPackage : '');
  const argsNow = (): Record<string, unknown> =>
    packageName.trim() === '' ? {} : { package: packageName.trim() };
  const audits = auditsOf(probe.card?.run?.result);
  const controls = (
    <form
      className="view-control"
      onSubmit={(event) => {
        event.preventDefault();
        probe.refresh(argsNow());
      }}
    >
      <input
        type="text"
        aria-label="Permission audit package"
        placeholder="package (optional)"
        value={packageName}
        aria-invalid={probe.card?.fieldError?.field === 'package'}
        onChange={(event) => setPackageName(event.target.value)}
      />
    </form>
  );
  return (
    <ViewFrame
      id="permissions"
      title="Permissions"
      probes={[probe]}
      controls={controls}
      onRefresh={() => probe.refresh(argsNow())}
    >
      {audits.length === 0 ? (
        <p className="muted view-note">No packages audited.</p>
      ) : (
        <ul className="view-list" aria-label="Audited packages">
          {audits.map((audit) => {
            const granted = audit.permissions.filter((permission) => permission.granted === true);
            const restricted = audit.appops.filter((op) => op.mode !== 'allow');
            return (
              <li key={audit.packageName}>
                <details className="view-details">
                  <summary>
                    <code>{audit.packageName}</code> {granted.length}/{audit.permissions.length} granted
                    {restricted.length > 0 ? `, ${restricted.length} AppOps not allowed` : ''}
                  </summary>
                  <ul className="view-list">
                    {audit.permissions.map((permission) => (
                      <li key={`${permission.kind}-${permission.name}`}>
                        <code>{permission.name}</code> <span className="muted">{permission.kind}</span>{' '}
                        <span className={permission.granted === true ? 'tone-good' : 'muted'}>
                          {permission.granted === true
                            ? 'granted'
                            : permission.granted === false
                              ? 'not granted'
                              : 'unknown'}
                        </span>
                      </li>
                    ))}
                    {restricted.map((op) => (
                      <li key={`op-${op.op}`}>
                        AppOp <code>{op.op}</code>: <span className="tone-warn">{op.mode}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </ViewFrame>
  );
}
