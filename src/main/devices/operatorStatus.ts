// Operator status of one device: installed (pm path), service enabled (secure settings), reachable (hello).
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError, type AdbClient } from '../../node/adb/adbkit';
import { callAgent } from '../operator/agentClient';
import { isServiceListed, OPERATOR_SERVICE_CLASS } from '../../shared/agent/accessibilityService';
import { settleWithin } from './settleWithin';
import type { OperatorStatus } from './types';

export { isServiceListed, OPERATOR_SERVICE_CLASS };

const MARKER = '__androperator_section__';

/** The shell command that reads the installed and enabled facts in one round trip (the package is pre-validated). */
export function operatorQueryCommand(operatorPackage: string): string {
  return [
    `pm path ${operatorPackage} 2>/dev/null`,
    `echo ${MARKER}`,
    'settings get secure enabled_accessibility_services',
    `echo ${MARKER}`,
    'settings get secure accessibility_enabled',
  ].join('; ');
}

/** Parses the output of operatorQueryCommand (CRLF from old devices' shells included); undefined when malformed. */
export function parseOperatorQuery(
  output: string,
  operatorPackage: string,
): { installed: boolean; serviceEnabled: boolean } | undefined {
  const sections: string[][] = [[]];
  for (const line of output.split(/\r?\n/).map((text) => text.replace(/\r$/, ''))) {
    if (line.trim() === MARKER) sections.push([]);
    else sections[sections.length - 1]?.push(line);
  }
  const [paths, services, enabled] = sections;
  if (sections.length !== 3 || !paths || !services || !enabled) return undefined;
  const installed = paths.some((line) => line.startsWith('package:'));
  const serviceList = services.join('').trim();
  const serviceEnabled =
    enabled.join('').trim() === '1' &&
    serviceList !== 'null' &&
    isServiceListed(serviceList, operatorPackage);
  return { installed, serviceEnabled };
}

function versionOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('operator' in response)) return undefined;
  const operator: unknown = response.operator;
  if (typeof operator !== 'object' || operator === null || !('versionName' in operator)) return undefined;
  return typeof operator.versionName === 'string' ? operator.versionName : undefined;
}

/** Bounds for one status read: the pm/settings shell, and the hello round trip. */
export interface ProbeLimits {
  shellTimeoutMs: number;
  helloTimeoutMs: number;
}

/** Reads the Operator status now; fails only when the device shell itself does not answer. */
export async function probeOperator(
  client: AdbClient,
  serial: string,
  operatorPackage: string,
  limits: ProbeLimits,
): Promise<Result<OperatorStatus>> {
  const query = await settleWithin(
    client.shell(serial, operatorQueryCommand(operatorPackage)),
    limits.shellTimeoutMs,
  );
  if (query === 'timeout')
    return fail(
      'COMMAND_TIMEOUT',
      `${serial} did not answer pm/settings within ${limits.shellTimeoutMs} ms.`,
      {
        deviceId: serial,
      },
    );
  if (!query.ok) {
    const cause = toAppError(query.error);
    return fail(cause.code, `Could not query the Operator on ${serial}: ${cause.message}`, {
      deviceId: serial,
    });
  }
  const output = query.value.toString('utf8');
  const facts = parseOperatorQuery(output, operatorPackage);
  if (!facts)
    return fail(
      'DEVICE_SHELL_UNAVAILABLE',
      `The shell of ${serial} gave unexpected output for pm/settings.`,
      {
        deviceId: serial,
        output: output.slice(0, 500),
      },
    );
  const status: OperatorStatus = { packageName: operatorPackage, ...facts, reachable: false };
  if (!facts.installed) {
    status.problem = `The Operator (${operatorPackage}) is not installed on ${serial}.`;
    return ok(status);
  }
  const problem = await sayHello(client, serial, operatorPackage, limits.helloTimeoutMs, status);
  if (problem !== undefined) status.problem = problem;
  return ok(status);
}

/** Sets reachable/versionName from a hello; returns the problem when there is no hello_result. */
async function sayHello(
  client: AdbClient,
  serial: string,
  operatorPackage: string,
  helloTimeoutMs: number,
  status: OperatorStatus,
): Promise<string | undefined> {
  // callAgent's own timer starts once the socket is open; opening it on a hung device is bounded here.
  const hello = await settleWithin(
    callAgent(
      { client, serial, operatorPackage },
      { v: 1, type: 'hello', id: `hub-hello-${Date.now()}` },
      helloTimeoutMs,
    ),
    helloTimeoutMs + 500,
  );
  if (hello === 'timeout') return `The Operator did not answer hello within ${helloTimeoutMs} ms.`;
  if (!hello.ok) return `The Operator did not answer hello: ${String(hello.error)}`;
  const answer = hello.value;
  if (!answer.ok) return `The Operator did not answer hello: ${answer.error.message}`;
  if (answer.value.type !== 'hello_result') return `The Operator answered hello with ${answer.value.type}.`;
  status.reachable = true;
  const versionName = versionOf(answer.value);
  if (versionName !== undefined) status.versionName = versionName;
  return undefined;
}
