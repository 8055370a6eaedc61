import { describe, expect, it } from 'vitest';
import type { ChannelOutput, ConsoleChannel } from '../../shared/api/contract';
import { EVENT_SCHEMAS, OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import type { ApiResult } from '../../shared/api/contract';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';

// The renderer parses every answer with the shared output schemas; these are the main process's real answers on a
// simulated phone, so a schema stricter than what main sends (or main sending what its type does not say) fails here.

const phone = useSimulatedConsole();

function expectMatches<C extends ConsoleChannel>(
  channel: C,
  answer: ApiResult<ChannelOutput<C>>,
): ChannelOutput<C> {
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  const parsed = OUTPUT_SCHEMAS[channel].safeParse(JSON.parse(JSON.stringify(answer.value)));
  expect({ channel, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ channel, issues: [] });
  return answer.value;
}

describe('real console answers parse with the renderer schemas', () => {
  it('answers every read, run and evidence channel in the declared shape', async () => {
    const api = phone.api();
    await expect
      .poll(async () => {
        const devices = await api['devices:list']({});
        return (
          devices.ok &&
          devices.value.some((device) => device.serial === phone.serial && device.state === 'device')
        );
      })
      .toBe(true);
    expectMatches('app:info', await api['app:info']({}));
    expectMatches('devices:list', await api['devices:list']({}));
    expectMatches('devices:servers', await api['devices:servers']({}));
    expectMatches('devices:describe', await api['devices:describe']({ serial: phone.serial }));
    expectMatches('operator:status', await api['operator:status']({ serial: phone.serial }));
    expectMatches('presets:list', await api['presets:list']({}));
    const design = { text: 'FLOW-001 {{system.language_tag}}', anchor: 'right' as const };
    const runs = expectMatches(
      'sequence:run',
      await api['sequence:run']({ serials: [phone.serial], design }),
    );
    const run = runs[0]?.result;
    if (run === undefined || !run.ok) throw new Error('the sequence did not run');
    const capture = expectMatches(
      'screenshot:capture',
      await api['screenshot:capture']({ serial: phone.serial }),
    );
    expectMatches('evidence:list', await api['evidence:list']({}));
    expectMatches('evidence:get', await api['evidence:get']({ id: run.value.runId }));
    expectMatches('evidence:get', await api['evidence:get']({ id: capture.runId }));
    expectMatches('evidence:image', await api['evidence:image']({ id: capture.runId, kind: 'thumbnail' }));
  });

  it('pushes events in the declared shape', async () => {
    const seen = phone.setup.events.filter((message) => message.event in EVENT_SCHEMAS);
    expect(seen.length).toBeGreaterThan(0);
    for (const message of seen) {
      const schema = EVENT_SCHEMAS[message.event as keyof typeof EVENT_SCHEMAS];
      const parsed = schema.safeParse(JSON.parse(JSON.stringify(message.payload)));
      expect({ event: message.event, issues: parsed.success ? [] : parsed.error.issues }).toEqual({
        event: message.event,
        issues: [],
      });
    }
  });
});
