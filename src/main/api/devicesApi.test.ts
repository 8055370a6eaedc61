import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRequest, AgentResponse } from '../../shared/agent/messages';
import { testDescription } from '../../test-support/testDescription';
import { failHost, ok, type HostFailure, type Result } from '../../shared/errors';
import type { AgentTarget } from '../operator/agentClient';
import { createConsoleApi } from './consoleApi';
import { PHONE, testSetup, type TestSetup } from '../../test-support/apiFakes';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

const BASE = testDescription();
const DESCRIPTION = testDescription({
  operator: { ...BASE.operator, versionName: '0.1.0' },
  display: { ...BASE.display, usable: null, usableError: null },
  locale: { tag: 'en-US', code: 'en', name: 'English' },
  foregroundApp: null,
});

function apiAnswering(answer: (request: AgentRequest) => Result<AgentResponse, HostFailure>) {
  const calls: Array<{ target: AgentTarget; request: AgentRequest }> = [];
  const api = createConsoleApi({
    ...setup.dependencies,
    runners: {
      callAgent: async (target, request) => {
        calls.push({ target, request });
        return answer(request);
      },
    },
  });
  return { api, calls };
}

describe('devices:list and servers', () => {
  it('lists the hub devices and manages remote servers', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    expect(await api['devices:list']({})).toEqual({ ok: true, value: [PHONE] });
    expect(await api['devices:servers']({})).toMatchObject({
      ok: true,
      value: [{ server: 'local', reachable: true }],
    });
    const added = await api['devices:addServer']({ address: 'lab:5037' });
    expect(added).toMatchObject({
      ok: true,
      value: [{ server: 'local' }, { server: 'lab:5037', port: 5037 }],
    });
    expect(await api['devices:addServer']({ address: 'not an address' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SERVER_ADDRESS' },
    });
    expect(await api['devices:setServerEnabled']({ address: 'lab:5037', enabled: false })).toMatchObject({
      ok: true,
      value: [{ server: 'local' }, { server: 'lab:5037', enabled: false }],
    });
    expect(await api['devices:setServerEnabled']({ address: 'lab:9', enabled: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await api['devices:removeServer']({ address: 'lab:5037' })).toMatchObject({
      ok: true,
      value: [{ server: 'local' }],
    });
    expect(await api['devices:removeServer']({ address: 'lab:5037' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', details: { address: 'lab:5037', servers: ['local'] } },
    });
  });
});

describe('devices:describe', () => {
  it("returns the Operator's hello description, asked with the current Operator package", async () => {
    setup = await testSetup();
    await setup.dependencies.settings.update({ operatorPackage: 'com.androperator.operator.dev' });
    const { api, calls } = apiAnswering((request) =>
      ok({ v: 1, type: 'hello_result', id: request.id, ...DESCRIPTION }),
    );
    expect(await api['devices:describe']({ serial: PHONE.serial })).toEqual({ ok: true, value: DESCRIPTION });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.target).toMatchObject({
      serial: PHONE.serial,
      operatorPackage: 'com.androperator.operator.dev',
    });
    expect(calls[0]?.request).toMatchObject({ v: 1, type: 'hello' });
  });

  it('passes on an unknown device without asking anyone', async () => {
    setup = await testSetup();
    const { api, calls } = apiAnswering(() =>
      failHost('INTERNAL_ERROR', 'not called', { phase: 'readiness', dispatchState: 'not_dispatched' }),
    );
    expect(await api['devices:describe']({ serial: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND' },
    });
    expect(calls).toEqual([]);
  });

  it("passes on a transport failure and the Operator's own error", async () => {
    setup = await testSetup();
    const unreachable = apiAnswering(() =>
      failHost('OPERATOR_UNREACHABLE', 'no socket', { phase: 'readiness', dispatchState: 'not_dispatched' }),
    );
    expect(await unreachable.api['devices:describe']({ serial: PHONE.serial })).toMatchObject({
      ok: false,
      error: { code: 'OPERATOR_UNREACHABLE' },
    });
    const refused = apiAnswering((request) =>
      ok({ v: 1, type: 'error', id: request.id, code: 'SERVICE_UNAVAILABLE', message: 'service off' }),
    );
    expect(await refused.api['devices:describe']({ serial: PHONE.serial })).toEqual({
      ok: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'service off', details: { deviceId: PHONE.serial } },
    });
  });

  it('calls an answer of another type a protocol error', async () => {
    setup = await testSetup();
    const { api } = apiAnswering((request) => ok({ v: 1, type: 'watch_started', id: request.id }));
    expect(await api['devices:describe']({ serial: PHONE.serial })).toMatchObject({
      ok: false,
      error: { code: 'OPERATOR_PROTOCOL_ERROR', details: { type: 'watch_started' } },
    });
  });
});
