import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock';
import {
  PanelController,
  type DrawnPanel,
  type PanelEnvironment,
  type PanelWindowHost,
} from './panelController';
import { createFixedAdvanceMeasurer } from '../../shared/geometry/fixedMeasurer';
import type { DisplayMetrics } from '../../shared/geometry/types';
import type { TemplateMetadata } from '../../shared/template/metadata';

type DrawMode = 'ack' | 'withhold' | 'fail';

class FakeHost implements PanelWindowHost {
  mode: DrawMode = 'ack';
  ackDelayMs = 16;
  draws: DrawnPanel[] = [];
  removals = 0;
  private withheld: Array<() => void> = [];
  constructor(private readonly clock: FakeClock) {}
  draw(panel: DrawnPanel): Promise<void> {
    this.draws.push(panel);
    if (this.mode === 'fail') return Promise.reject(new Error('attach failed'));
    return new Promise((resolve) => {
      if (this.mode === 'withhold') this.withheld.push(resolve);
      else this.clock.setTimer(resolve, this.ackDelayMs);
    });
  }
  remove(): void {
    this.removals += 1;
  }
  releaseWithheld(): void {
    for (const resolve of this.withheld) resolve();
    this.withheld = [];
  }
}

const phoneMetrics: DisplayMetrics = {
  widthPx: 1080,
  heightPx: 2400,
  density: 2.625,
  scaledDensity: 2.625,
  usable: { left: 0, top: 136, right: 1080, bottom: 2337 },
};

function setup(overrides: Partial<{ api: number; connected: boolean }> = {}) {
  const clock = new FakeClock();
  const host = new FakeHost(clock);
  const state = {
    api: overrides.api ?? 35,
    connected: overrides.connected ?? true,
    metrics: { ok: true, value: phoneMetrics } as ReturnType<PanelEnvironment['displayMetrics']>,
    metadata: {
      foregroundApp: { packageName: 'com.example.shop', versionCode: '42', versionName: '7.2.0' },
      device: { manufacturer: 'Google', model: 'Pixel 9' },
      system: { languageCode: 'en', languageTag: 'en-US', languageName: 'English' },
    } as TemplateMetadata,
  };
  const environment: PanelEnvironment = {
    apiLevel: () => state.api,
    serviceConnected: () => state.connected,
    displayMetrics: () => state.metrics,
    metadata: () => state.metadata,
    measurer: createFixedAdvanceMeasurer({ advance: 0.5, ascent: -0.927734375, descent: 0.244140625 }),
  };
  const controller = new PanelController(environment, host, clock);
  const reasons: string[] = [];
  controller.onChange((change) => reasons.push(change.reason));
  return { clock, host, state, controller, reasons };
}

/** Runs a controller operation while moving the fake clock so draw acknowledgements arrive. */
async function settle<T>(clock: FakeClock, operation: Promise<T>, ms = 50): Promise<T> {
  await clock.advance(ms);
  return operation;
}

describe('PanelController', () => {
  it('acknowledges a set with every data key as a string and the reference bounds', async () => {
    const { clock, controller, host } = setup();
    const result = await settle(clock, controller.set({ text: 'FLOW-001' }, 30000));
    expect(result).toEqual({
      success: true,
      data: {
        visible: 'true',
        rendered: 'true',
        truncated: 'false',
        anchor: 'left',
        text_align: 'left',
        top_offset_dp: '8',
        edge_offset_dp: '8',
        width_dp: '280',
        font_size_sp: '12',
        text_color: '#FFFFFFFF',
        background_color: '#B3000000',
        ttl_ms: '300000',
        bounds: '[21,157][756,236]',
      },
    });
    expect(controller.visible).toBe(true);
    expect(host.draws).toHaveLength(1);
  });

  it('expires the panel ttlMs after the acknowledgement, not after the request', async () => {
    const { clock, controller, host, reasons } = setup();
    host.ackDelayMs = 500;
    await settle(clock, controller.set({ text: 'a', ttlMs: 1000 }, 30000), 500);
    await clock.advance(999);
    expect(controller.visible).toBe(true);
    await clock.advance(1);
    expect(controller.visible).toBe(false);
    expect(host.removals).toBe(1);
    expect(reasons).toEqual(['set', 'expired']);
  });

  it('replaces the whole panel: omitted fields reset and the old expiry is cancelled', async () => {
    const { clock, controller, host } = setup();
    await settle(
      clock,
      controller.set({ text: 'a', ttlMs: 10000, textColor: '#FF112233', anchor: 'right' }, 30000),
    );
    const second = await settle(clock, controller.set({ text: 'b', ttlMs: 60000 }, 30000));
    expect(second.data.text_color).toBe('#FFFFFFFF');
    expect(second.data.anchor).toBe('left');
    expect(host.removals).toBe(0);
    await clock.advance(11000);
    expect(controller.visible).toBe(true);
    await clock.advance(49000);
    expect(controller.visible).toBe(false);
  });

  it('times out when the draw is never acknowledged, removes the panel and ignores the late draw', async () => {
    const { clock, controller, host } = setup();
    host.mode = 'withhold';
    const pending = controller.set({ text: 'a' }, 30000);
    await clock.advance(1999);
    expect(controller.currentPanel).not.toBeNull();
    await clock.advance(1);
    const result = await pending;
    expect(result).toMatchObject({
      success: false,
      data: { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT', errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT' },
    });
    expect(host.removals).toBe(1);
    host.releaseWithheld();
    await clock.advance(10);
    expect(controller.visible).toBe(false);
    expect(controller.currentPanel).toBeNull();
  });

  it('bounds the acknowledgement wait by a smaller execution budget', async () => {
    const { clock, controller, host } = setup();
    host.mode = 'withhold';
    const pending = controller.set({ text: 'a' }, 300);
    await clock.advance(300);
    expect((await pending).data.error).toBe('ON_SCREEN_LOG_RENDER_TIMEOUT');
    expect((await controller.set({ text: 'a' }, 0)).data.error).toBe('ON_SCREEN_LOG_RENDER_TIMEOUT');
  });

  it('reports an attach failure and removes the previous panel', async () => {
    const { clock, controller, host } = setup();
    await settle(clock, controller.set({ text: 'a' }, 30000));
    host.mode = 'fail';
    const result = await settle(clock, controller.set({ text: 'b' }, 30000));
    expect(result.data.error).toBe('ON_SCREEN_LOG_RENDER_FAILED');
    expect(controller.visible).toBe(false);
  });

  it('keeps the existing panel and its expiry when a replacement does not fit', async () => {
    const { clock, controller, host } = setup();
    await settle(clock, controller.set({ text: 'a', ttlMs: 5000 }, 30000));
    const rejected = await settle(clock, controller.set({ text: 'b', edgeOffsetDp: 1000 }, 30000));
    expect(rejected.data.error).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(controller.visible).toBe(true);
    expect(host.draws).toHaveLength(1);
    await clock.advance(5000);
    expect(controller.visible).toBe(false);
  });

  it('fails closed on API 21 without drawing, and without a connected service', async () => {
    const legacy = setup({ api: 21 });
    expect((await legacy.controller.set({ text: 'a' }, 30000)).data.error).toBe(
      'ON_SCREEN_LOG_RENDER_FAILED',
    );
    expect(legacy.host.draws).toHaveLength(0);
    const disconnected = setup({ connected: false });
    expect((await disconnected.controller.set({ text: 'a' }, 30000)).data.error).toBe(
      'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
    );
  });

  it('reports LAYOUT_INVALID when the usable area is unknown (API 28 with a built-in cutout)', async () => {
    const { controller, state, host } = setup({ api: 28 });
    state.metrics = {
      ok: false,
      error: 'API 28 declares a built-in display cutout; its safe insets are unknown.',
    };
    const result = await controller.set({ text: 'a' }, 30000);
    expect(result.data).toMatchObject({ error: 'ON_SCREEN_LOG_LAYOUT_INVALID' });
    expect(host.draws).toHaveLength(0);
  });

  it('clears idempotently with exactly visible=false', async () => {
    const { clock, controller } = setup();
    expect(await controller.clear()).toEqual({ success: true, data: { visible: 'false' } });
    await settle(clock, controller.set({ text: 'a' }, 30000));
    expect(await controller.clear()).toEqual({ success: true, data: { visible: 'false' } });
    expect(controller.visible).toBe(false);
  });

  it('reflows on a configuration change, keeping the absolute expiry', async () => {
    const { clock, controller, state, host } = setup();
    await settle(clock, controller.set({ text: 'a', anchor: 'right', ttlMs: 4000 }, 30000));
    const before = controller.currentPanel?.layout.bounds.left;
    state.metrics = {
      ok: true,
      value: {
        ...phoneMetrics,
        widthPx: 2400,
        heightPx: 1080,
        usable: { left: 0, top: 136, right: 2400, bottom: 1080 },
      },
    };
    await clock.advance(1000);
    await controller.configurationChanged();
    expect(controller.currentPanel?.layout.bounds.left).not.toBe(before);
    expect(host.draws).toHaveLength(2);
    await clock.advance(2900);
    expect(controller.visible).toBe(true);
    await clock.advance(100);
    expect(controller.visible).toBe(false);
  });

  it('removes the panel when a configuration change leaves no room, and does not bring it back', async () => {
    const { clock, controller, state, reasons } = setup();
    await settle(clock, controller.set({ text: 'a', topOffsetDp: 600 }, 30000));
    state.metrics = {
      ok: true,
      value: { ...phoneMetrics, usable: { left: 0, top: 136, right: 1080, bottom: 1200 } },
    };
    await controller.configurationChanged();
    expect(controller.visible).toBe(false);
    state.metrics = { ok: true, value: phoneMetrics };
    await controller.configurationChanged();
    expect(controller.visible).toBe(false);
    expect(reasons).toEqual(['set', 'configuration_layout_invalid']);
  });

  it('waits for the replacement and the deferred reflow draws; the result bounds are the final layout', async () => {
    const { clock, controller, state, host } = setup();
    host.ackDelayMs = 100;
    const pending = controller.set({ text: 'a', anchor: 'right' }, 30000);
    await clock.advance(50);
    state.metrics = {
      ok: true,
      value: { ...phoneMetrics, widthPx: 2400, usable: { left: 0, top: 136, right: 2400, bottom: 2337 } },
    };
    await controller.configurationChanged();
    await clock.advance(300);
    const result = await pending;
    expect(host.draws).toHaveLength(2);
    expect(result.data.bounds).toBe('[1644,157][2379,236]');
  });

  it('refreshes a foreground template without resetting the TTL; device-only templates ignore focus changes', async () => {
    const { clock, controller, state, host } = setup();
    await settle(clock, controller.set({ template: '{{foreground_app.package_name}}', ttlMs: 3000 }, 30000));
    state.metadata = {
      ...state.metadata,
      foregroundApp: { packageName: 'com.android.settings', versionCode: '1', versionName: '1' },
    };
    await clock.advance(1000);
    await controller.metadataChanged('foreground');
    expect(host.draws).toHaveLength(2);
    expect(controller.currentPanel?.layout.lines[0]?.text).toBe('com.android.settings');
    await clock.advance(2000);
    expect(controller.visible).toBe(false);

    await settle(clock, controller.set({ template: '{{device.model}}' }, 30000));
    const draws = host.draws.length;
    await controller.metadataChanged('foreground');
    expect(host.draws.length).toBe(draws);
    await controller.metadataChanged('locale');
    expect(host.draws.length).toBe(draws + 1);
  });

  it('fails a set at once with SERVICE_UNAVAILABLE when the service detaches while it waits for its draw', async () => {
    const { clock, controller, host } = setup();
    host.mode = 'withhold';
    const pending = controller.set({ text: 'a' }, 30000);
    await clock.advance(100);
    controller.detach();
    const result = await pending;
    expect(result.data.error).toBe('ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
    expect(clock.now()).toBe(100);
    host.releaseWithheld();
    await clock.advance(10);
    expect(controller.visible).toBe(false);
  });

  it('lets the service detach remove the panel', async () => {
    const { clock, controller, reasons } = setup();
    await settle(clock, controller.set({ text: 'a' }, 30000));
    controller.detach();
    expect(controller.visible).toBe(false);
    expect(reasons.at(-1)).toBe('detached');
  });
});

describe('PanelController truncation', () => {
  it('reports truncated when the template expansion was bounded, even if the layout fits', async () => {
    const { clock, controller, state } = setup();
    state.metadata = { ...state.metadata, device: { manufacturer: 'x'.repeat(300), model: 'm' } };
    const result = await settle(
      clock,
      controller.set({ template: '{{device.manufacturer}}', widthDp: 400 }, 30000),
    );
    expect(result.data).toMatchObject({ truncated: 'true' });
  });

  it('reports truncated when the text does not fit the usable height', async () => {
    const { clock, controller } = setup();
    const result = await settle(
      clock,
      controller.set(
        { text: Array.from({ length: 250 }, (_, i) => `line ${i}`).join('\n'), fontSizeSp: 24, widthDp: 80 },
        30000,
      ),
    );
    expect(result.data.truncated).toBe('true');
    expect(controller.currentPanel?.layout.lines.at(-1)?.text.endsWith('…')).toBe(true);
  });
});
