// Adding adb servers by address: the same server under another name is merged (not listed twice), servers are kept
// across restarts in the servers file with an enable switch, and typos are validation errors.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boot, closeHubsAndDevices, hub, local, remote, useHubServers } from '../../test-support/hubFixture';

useHubServers();

let folder: string;
let serversFile: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'androperator-servers-'));
  serversFile = join(folder, 'adb-servers.json');
});

afterEach(async () => {
  await closeHubsAndDevices();
  await rm(folder, { recursive: true, force: true });
});

/** A non-loopback address of this machine, when it has one. */
function ownAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) if (!entry.internal && entry.family === 'IPv4') return entry.address;
  return undefined;
}

async function serials(subject: ReturnType<typeof hub>): Promise<string[]> {
  const listed = await subject.list();
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.map((device) => `${device.server}/${device.serial}`);
}

describe('AdbHub server identity', () => {
  it('merges localhost, ::1 and this machine’s address into the server first added as 127.0.0.1', async () => {
    const { serial } = await boot({}, { adb: remote });
    const subject = hub();
    const first = `127.0.0.1:${remote.port}`;
    expect(await subject.addServer(first)).toMatchObject({
      ok: true,
      value: { server: first, deviceCount: 1 },
    });
    const others = [`localhost:${remote.port}`, `[::1]:${remote.port}`];
    const own = ownAddress();
    if (own !== undefined) others.push(`${own}:${remote.port}`);
    for (const other of others)
      expect(await subject.addServer(other)).toMatchObject({ ok: true, value: { server: first } });
    expect(subject.servers().map((server) => [server.server, server.aliases ?? []])).toEqual([
      ['local', []],
      [first, others],
    ]);
    // One card per device, not one per address.
    expect(await serials(subject)).toEqual([`${first}/${serial}`]);
  });

  it('recognises the local adb server by address: adding it adds nothing and lists no device twice', async () => {
    const { serial } = await boot();
    const subject = hub();
    for (const address of [`127.0.0.1:${local.port}`, `localhost:${local.port}`])
      expect(await subject.addServer(address)).toMatchObject({ ok: true, value: { server: 'local' } });
    expect(subject.servers()).toMatchObject([
      { server: 'local', aliases: [`127.0.0.1:${local.port}`, `localhost:${local.port}`] },
    ]);
    expect(subject.servers()).toHaveLength(1);
    expect(await serials(subject)).toEqual([`local/${serial}`]);
  });

  it('refuses a typo as INVALID_SERVER_ADDRESS and never turns "foo" into foo:5037', async () => {
    const subject = hub();
    for (const typo of ['foo', `127.0.0.1:${remote.port}0000`, '127.0.0.1;5037', '10.0.0.256:5037'])
      expect(await subject.addServer(typo)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_SERVER_ADDRESS' },
      });
    expect(subject.servers().map((server) => server.server)).toEqual(['local']);
  });
});

describe('AdbHub servers file', () => {
  it('keeps remote servers across restarts, with their enable switch and aliases', async () => {
    await boot({}, { adb: remote });
    const address = `127.0.0.1:${remote.port}`;
    const first = hub({ serversFile });
    await first.start();
    await first.addServer(address);
    await first.addServer(`localhost:${remote.port}`);
    expect(JSON.parse(await readFile(serversFile, 'utf8'))).toEqual({
      version: 1,
      servers: [{ address, enabled: true, aliases: [`localhost:${remote.port}`] }],
    });
    // A restart: the hub and its device go away; the file stays.
    await closeHubsAndDevices();

    const { serial: again } = await boot({}, { adb: remote });
    const second = hub({ serversFile });
    await second.start();
    expect(second.servers()).toMatchObject([
      { server: 'local' },
      { server: address, enabled: true, aliases: [`localhost:${remote.port}`] },
    ]);
    expect(await serials(second)).toEqual([`${address}/${again}`]);

    expect(await second.setServerEnabled(`localhost:${remote.port}`, false)).toBe(true);
    expect(second.servers()[1]).toMatchObject({
      server: address,
      enabled: false,
      deviceCount: 0,
      tracking: false,
    });
    expect(await serials(second)).toEqual([]);
    expect(JSON.parse(await readFile(serversFile, 'utf8')).servers).toEqual([
      { address, enabled: false, aliases: [`localhost:${remote.port}`] },
    ]);

    const third = hub({ serversFile });
    await third.start();
    expect(third.servers()[1]).toMatchObject({ server: address, enabled: false });
    expect(await serials(third)).toEqual([]);
    expect(await third.setServerEnabled(address, true)).toBe(true);
    expect(await serials(third)).toEqual([`${address}/${again}`]);
    expect(await third.removeServer(address)).toBe(true);
    expect(JSON.parse(await readFile(serversFile, 'utf8')).servers).toEqual([]);
  });

  it('stays stopped when stop() comes while the servers file is read', async () => {
    const subject = hub({ serversFile });
    const starting = subject.start();
    subject.stop();
    await starting;
    expect(subject.servers()[0]?.tracking).toBe(false);
  });
});
