// `dumpsys package PKG`: PackageManagerService's entry for one package. The layout changed with the API level:
// API 21-22 list `grantedPermissions:`; API 23+ split `install permissions:` (granted=) from per-user `runtime
// permissions:` (with flags from API 29); API 31+ say appId for userId; API 33+ move firstInstallTime into the user.
import { shortComponent, type DeviceState, type PackageInfo } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf, type PermissionGrant } from '../../../device/systemState';
import { dateTime, identity, lines } from './format';

function resolverTable(info: PackageInfo): string[] {
  if (info.launchActivity === undefined) return [];
  const component = shortComponent({ packageName: info.packageName, activity: info.launchActivity });
  return [
    'Activity Resolver Table:',
    '  Non-Data Actions:',
    '      android.intent.action.MAIN:',
    `        ${identity(`activity:${info.packageName}/${info.launchActivity}`)} ${component} filter ${identity(`filter:${info.packageName}`)}`,
    '          Action: "android.intent.action.MAIN"',
    '          Category: "android.intent.category.LAUNCHER"',
    '',
  ];
}

function flags(info: PackageInfo): string {
  return `[ ${info.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]`;
}

function runtimeFlags(sdk: number, grant: PermissionGrant): string {
  if (sdk < 29) return '';
  return grant.granted
    ? ', flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]'
    : ', flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]';
}

function permissionLines(
  state: DeviceState,
  info: PackageInfo,
  userLine: string,
  firstInstall: string,
): string[] {
  const sdk = state.sdkLevel;
  const grants = systemStateOf(state).permissions(info.packageName);
  const requested = ['    requested permissions:', ...grants.map((grant) => `      ${grant.name}`)];
  if (sdk < 23) {
    return [
      ...requested,
      userLine,
      '    grantedPermissions:',
      ...grants.filter((grant) => grant.granted).map((grant) => `      ${grant.name}`),
    ];
  }
  const install = grants.filter((grant) => !grant.runtime);
  const runtime = grants.filter((grant) => grant.runtime);
  return [
    ...requested,
    '    install permissions:',
    ...install.map((grant) => `      ${grant.name}: granted=${grant.granted}`),
    userLine,
    ...(sdk >= 33
      ? ['      installReason=0', `      firstInstallTime=${firstInstall}`, '      uninstallReason=0']
      : []),
    `      gids=[3003]`,
    ...(runtime.length > 0
      ? [
          '      runtime permissions:',
          ...runtime.map(
            (grant) => `        ${grant.name}: granted=${grant.granted}${runtimeFlags(sdk, grant)}`,
          ),
        ]
      : []),
  ];
}

function userLine(sdk: number): string {
  if (sdk < 23) return '    User 0:  installed=true hidden=false stopped=false notLaunched=false enabled=0';
  if (sdk < 29)
    return '    User 0: ceDataInode=0 installed=true hidden=false suspended=false stopped=false notLaunched=false enabled=0 instant=false virtual=false';
  return `    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false${sdk >= 34 ? ' quarantined=false' : ''}`;
}

/** The package's section, or '' when it is not installed (as Android prints nothing for an unknown package). */
export function packageDump(state: DeviceState, packageName: string | undefined): string {
  const info = packageName === undefined ? undefined : state.getPackage(packageName);
  if (!info) return '';
  const sdk = state.sdkLevel;
  const times = systemStateOf(state).installTimes(info.packageName);
  const first = dateTime(state, times?.firstInstallMs ?? 0);
  const last = dateTime(state, times?.lastUpdateMs ?? 0);
  const codePath = info.apkPath.replace(/\/[^/]+\.apk$/, '');
  const uid = appUid(state, info.packageName);
  const dataDir = sdk >= 24 ? `/data/user/0/${info.packageName}` : `/data/data/${info.packageName}`;
  const abi = state.getProperty('ro.product.cpu.abi') ?? 'arm64-v8a';
  return lines(
    resolverTable(info),
    'Packages:',
    `  Package [${info.packageName}] (${identity(`package:${info.packageName}`)}):`,
    `    ${sdk >= 31 ? 'appId' : 'userId'}=${uid}`,
    `    pkg=Package{${identity(`pkg:${info.packageName}`)} ${info.packageName}}`,
    `    codePath=${codePath}`,
    `    resourcePath=${codePath}`,
    `    legacyNativeLibraryDir=${codePath}/lib`,
    `    primaryCpuAbi=${info.system ? 'null' : abi}`,
    '    secondaryCpuAbi=null',
    `    versionCode=${info.versionCode}${sdk >= 24 ? ' minSdk=21' : ''} targetSdk=${sdk}`,
    `    versionName=${info.versionName}`,
    `    flags=${flags(info)}`,
    `    dataDir=${dataDir}`,
    '    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]',
    `    timeStamp=${last}`,
    ...(sdk < 33 ? [`    firstInstallTime=${first}`] : []),
    `    lastUpdateTime=${last}`,
    `    installerPackageName=${info.system ? 'null' : 'com.android.shell'}`,
    `    signatures=PackageSignatures{${identity(`signatures:${info.packageName}`)} ${sdk >= 28 ? `version:2, signatures:[${identity(`cert:${info.packageName}`)}], past signatures:[]` : `[${identity(`cert:${info.packageName}`)}]`}}`,
    `    pkgFlags=${flags(info)}`,
    permissionLines(state, info, userLine(sdk), first),
  );
}

/** `dumpsys package PKG` (one package) or `dumpsys package` (every package's section). */
export function packageService(state: DeviceState, args: readonly string[]): string {
  const target = args.find((argument) => !argument.startsWith('-'));
  if (target !== undefined) return packageDump(state, target);
  return state
    .listPackages()
    .map((info) => info.packageName)
    .sort()
    .map((name) => packageDump(state, name))
    .join('\n');
}
