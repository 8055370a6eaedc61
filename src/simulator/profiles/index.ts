// Public surface of the simulated device profiles.
export type {
  AppKind,
  CutoutShape,
  DeviceProfile,
  Insets,
  NavigationMode,
  ProfileApp,
  ProfileDisplay,
  Rotation,
  UiMode,
} from './types';
export { listProfiles, loadProfile, loadProfileFile } from './loadProfile';
export { parseProfile } from './parseProfile';
export {
  toDeviceStateInput,
  usableAreaInputOf,
  type DeviceStateInput,
  type ProfileComponent,
  type SimulatedAppLook,
  type SimulatedPackage,
} from './deviceStateInput';
