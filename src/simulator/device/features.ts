// `pm list features` of a simulated phone or tablet: what PackageManager's system features are on devices of that
// kind and API level. Each feature carries the first API level it appears at on such devices (the framework
// constant's level, or later where the hardware came later: fingerprint readers, NFC, gyroscopes, Vulkan) and the
// kinds of device that have it: tablets like the Pixel Tablet have no telephony, GPS, NFC or rear flash.

/** A phone or a tablet (ro.build.characteristics `tablet`); TV builds list their own features. */
export type FeatureKind = 'phone' | 'tablet';

type Entry = readonly [feature: string, minSdk: number, kinds?: 'phone' | 'tablet'];

const HARDWARE: readonly Entry[] = [
  ['android.hardware.audio.low_latency', 26],
  ['android.hardware.audio.output', 21],
  ['android.hardware.audio.pro', 30],
  ['android.hardware.biometrics.face', 33, 'phone'],
  ['android.hardware.bluetooth', 21],
  ['android.hardware.bluetooth_le', 21],
  ['android.hardware.camera', 21],
  ['android.hardware.camera.any', 21],
  ['android.hardware.camera.autofocus', 21, 'phone'],
  ['android.hardware.camera.capability.manual_post_processing', 26],
  ['android.hardware.camera.capability.manual_sensor', 26],
  ['android.hardware.camera.capability.raw', 26, 'phone'],
  ['android.hardware.camera.concurrent', 30, 'phone'],
  ['android.hardware.camera.flash', 23, 'phone'],
  ['android.hardware.camera.front', 21],
  ['android.hardware.camera.level.full', 26, 'phone'],
  ['android.hardware.context_hub', 30],
  ['android.hardware.device_unique_attestation', 31],
  ['android.hardware.faketouch', 21],
  ['android.hardware.fingerprint', 23],
  ['android.hardware.hardware_keystore=300', 33],
  ['android.hardware.identity_credential=202301', 33],
  ['android.hardware.keystore.app_attest_key', 31],
  ['android.hardware.keystore.limited_use_key', 31],
  ['android.hardware.keystore.single_use_key', 31],
  ['android.hardware.location', 21],
  ['android.hardware.location.gps', 21, 'phone'],
  ['android.hardware.location.network', 21],
  ['android.hardware.microphone', 21],
  ['android.hardware.nfc', 23, 'phone'],
  ['android.hardware.nfc.any', 29, 'phone'],
  ['android.hardware.nfc.hce', 23, 'phone'],
  ['android.hardware.nfc.hcef', 24, 'phone'],
  ['android.hardware.nfc.uicc', 29, 'phone'],
  ['android.hardware.opengles.aep', 24],
  ['android.hardware.ram.normal', 27],
  ['android.hardware.reboot_escrow', 30],
  ['android.hardware.screen.landscape', 21],
  ['android.hardware.screen.portrait', 21],
  ['android.hardware.se.omapi.uicc', 28, 'phone'],
  ['android.hardware.security.model.compatible', 31],
  ['android.hardware.sensor.accelerometer', 21],
  ['android.hardware.sensor.barometer', 29, 'phone'],
  ['android.hardware.sensor.compass', 21],
  ['android.hardware.sensor.gyroscope', 23],
  ['android.hardware.sensor.hifi_sensors', 29],
  ['android.hardware.sensor.light', 23],
  ['android.hardware.sensor.proximity', 21, 'phone'],
  ['android.hardware.sensor.stepcounter', 23, 'phone'],
  ['android.hardware.sensor.stepdetector', 23, 'phone'],
  ['android.hardware.strongbox_keystore=100', 31],
  ['android.hardware.telephony', 21, 'phone'],
  ['android.hardware.telephony.calling', 33, 'phone'],
  ['android.hardware.telephony.data', 33, 'phone'],
  ['android.hardware.telephony.euicc', 29, 'phone'],
  ['android.hardware.telephony.gsm', 21, 'phone'],
  ['android.hardware.telephony.ims', 30, 'phone'],
  ['android.hardware.telephony.messaging', 33, 'phone'],
  ['android.hardware.telephony.radio.access', 33, 'phone'],
  ['android.hardware.telephony.subscription', 33, 'phone'],
  ['android.hardware.touchscreen', 21],
  ['android.hardware.touchscreen.multitouch', 21],
  ['android.hardware.touchscreen.multitouch.distinct', 21],
  ['android.hardware.touchscreen.multitouch.jazzhand', 21],
  ['android.hardware.usb.accessory', 21],
  ['android.hardware.usb.host', 21],
  ['android.hardware.uwb', 33, 'phone'],
  ['android.hardware.vulkan.compute=0', 26],
  ['android.hardware.vulkan.level=1', 26],
  ['android.hardware.wifi', 21],
  ['android.hardware.wifi.aware', 30],
  ['android.hardware.wifi.direct', 21],
  ['android.hardware.wifi.passpoint', 26],
  ['android.hardware.wifi.rtt', 30],
];

const SOFTWARE: readonly Entry[] = [
  ['android.software.activities_on_secondary_displays', 26],
  ['android.software.app_enumeration', 30],
  ['android.software.app_widgets', 21],
  ['android.software.autofill', 26],
  ['android.software.backup', 21],
  ['android.software.cant_save_state', 28],
  ['android.software.companion_device_setup', 26],
  ['android.software.connectionservice', 21],
  ['android.software.controls', 30],
  ['android.software.credentials', 34],
  ['android.software.cts', 26],
  ['android.software.device_admin', 21],
  ['android.software.device_id_attestation', 29],
  ['android.software.device_lock', 34, 'phone'],
  ['android.software.file_based_encryption', 28],
  ['android.software.home_screen', 21],
  ['android.software.incremental_delivery=2', 31],
  ['android.software.input_methods', 21],
  ['android.software.ipsec_tunnel_migration', 33],
  ['android.software.ipsec_tunnels', 29],
  ['android.software.live_wallpaper', 21],
  ['android.software.managed_users', 21],
  ['android.software.midi', 23],
  ['android.software.opengles.deqp.level=132449025', 30],
  ['android.software.picture_in_picture', 26],
  ['android.software.print', 21],
  ['android.software.secure_lock_screen', 29],
  ['android.software.securely_removes_users', 24],
  ['android.software.sip', 21, 'phone'],
  ['android.software.sip.voip', 21, 'phone'],
  ['android.software.telecom', 34, 'phone'],
  ['android.software.verified_boot', 24],
  ['android.software.voice_recognizers', 21],
  ['android.software.vulkan.deqp.level=132449025', 30],
  ['android.software.webview', 21],
  ['android.software.window_magnification', 31],
];

/** OpenGL ES 3.0 before API 24 (Adreno 3xx phones), 3.2 after. */
function glesVersion(sdk: number): string {
  return sdk >= 24 ? 'reqGlEsVersion=0x30002' : 'reqGlEsVersion=0x30000';
}

/** Vulkan 1.0 (API 26..27), 1.1 (28..32), 1.3 (33+), as VK_MAKE_VERSION numbers. */
function vulkanVersion(sdk: number): string[] {
  if (sdk < 26) return [];
  const version = sdk >= 33 ? 4206592 : sdk >= 28 ? 4198400 : 4194304;
  return [`android.hardware.vulkan.version=${version}`];
}

/** The `pm list features` of a phone or tablet at API `sdk`: reqGlEsVersion first, then the features by name. */
export function featuresOf(kind: FeatureKind, sdk: number): string[] {
  const named = [...HARDWARE, ...SOFTWARE]
    .filter(([, minSdk, only]) => sdk >= minSdk && (only === undefined || only === kind))
    .map(([feature]) => feature);
  return [glesVersion(sdk), ...[...named, ...vulkanVersion(sdk)].sort()];
}
