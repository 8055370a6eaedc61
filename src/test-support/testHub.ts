// A device hub for tests and benchmarks, whose options are known to be valid.
import { AdbHub, type AdbHubOptions } from '../main/devices/hub';

/** AdbHub.create for options a test controls; a refusal is a broken test, so it throws. */
export function testHub(options: AdbHubOptions): AdbHub {
  const created = AdbHub.create(options);
  if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
  return created.value;
}
