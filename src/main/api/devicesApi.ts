// devices:* channels: the hub's list and servers, and the Operator's own description of a device.
import { randomUUID } from 'node:crypto';
import type { AdbServerInfo, ConsoleApi } from '../../shared/api/contract';
import type { OperatorDescription } from '../../shared/agent/messages';
import { fail, ok, type Result } from '../../shared/errors';
import type { AdbServerStatus } from '../devices/hub';
import type { ResolvedDependencies } from './dependencies';

/** How long devices:describe waits for the Operator's hello. */
export const DESCRIBE_WAIT_MS = 5000;

function serverInfo(status: AdbServerStatus): AdbServerInfo {
  return { ...status };
}

type DevicesApi = Pick<
  ConsoleApi,
  | 'devices:list'
  | 'devices:describe'
  | 'devices:servers'
  | 'devices:addServer'
  | 'devices:removeServer'
  | 'devices:setServerEnabled'
>;

export function devicesApi(dependencies: ResolvedDependencies): DevicesApi {
  const { hub, settings, run } = dependencies;
  const servers = (): AdbServerInfo[] => hub.servers().map(serverInfo);

  const describe = async (serial: string): Promise<Result<OperatorDescription>> => {
    const device = await hub.resolve(serial);
    if (!device.ok) return device;
    const target = { client: device.value.client, serial, operatorPackage: settings.get().operatorPackage };
    const answer = await run.callAgent(
      target,
      { v: 1, type: 'hello', id: `hello-${randomUUID()}` },
      DESCRIBE_WAIT_MS,
    );
    if (!answer.ok) return answer;
    if (answer.value.type === 'error')
      return fail(answer.value.code, answer.value.message, { ...answer.value.details, deviceId: serial });
    if (answer.value.type !== 'hello_result')
      return fail(
        'OPERATOR_PROTOCOL_ERROR',
        `The Operator on ${serial} answered hello with ${answer.value.type}.`,
        {
          deviceId: serial,
          type: answer.value.type,
        },
      );
    const { v: _version, type: _type, id: _id, ...description } = answer.value;
    return ok(description);
  };

  return {
    'devices:list': () => hub.list(),
    'devices:describe': ({ serial }) => describe(serial),
    'devices:servers': async () => ok(servers()),
    'devices:addServer': async ({ address }) => {
      const added = await hub.addServer(address);
      return added.ok ? ok(servers()) : added;
    },
    'devices:setServerEnabled': async ({ address, enabled }) =>
      (await hub.setServerEnabled(address, enabled))
        ? ok(servers())
        : fail('NOT_FOUND', `${address} is not one of the watched adb servers.`, {
            address,
            servers: hub.servers().map((status) => status.server),
          }),
    'devices:removeServer': async ({ address }) =>
      (await hub.removeServer(address))
        ? ok(servers())
        : fail('NOT_FOUND', `${address} is not one of the watched adb servers.`, {
            address,
            servers: hub.servers().map((status) => status.server),
          }),
  };
}
