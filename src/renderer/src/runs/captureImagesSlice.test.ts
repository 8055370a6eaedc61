import { describe, expect, it } from 'vitest';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { captureImageKey } from './captureImagesSlice';

function setup() {
  let failNext = true;
  const client = createFakeClient({
    'evidence:image': ({ id, capture }) => {
      if (capture === 3 && failNext) {
        failNext = false;
        return {
          ok: false,
          error: {
            code: 'EVIDENCE_NOT_FOUND',
            message: `Run ${id} has no capture 3`,
            details: { reason: 'x' },
          },
        };
      }
      return {
        ok: true,
        value: { mimeType: 'image/png', base64: `b64-${id}-${capture ?? 'shot'}`, widthPx: 10, heightPx: 20 },
      };
    },
  });
  return { client, ...createTestStore(client) };
}

describe('capture images slice', () => {
  it('asks evidence:image for the capture by index and keeps each capture apart from the screenshot', async () => {
    const { client, store } = setup();
    await store.getState().loadCaptureImage('r1', 2);
    await store.getState().loadCaptureImage('r1', 2);
    expect(client.callsTo('evidence:image')).toEqual([{ id: 'r1', kind: 'screenshot', capture: 2 }]);
    expect(store.getState().captureImages[captureImageKey('r1', 2)]).toEqual({
      status: 'ready',
      image: { mimeType: 'image/png', base64: 'b64-r1-2', widthPx: 10, heightPx: 20 },
    });
    expect(store.getState().images).toEqual({});
  });

  it('keeps a failed load with its error and tries it again when asked once more', async () => {
    const { client, store } = setup();
    await store.getState().loadCaptureImage('r1', 3);
    expect(store.getState().captureImages[captureImageKey('r1', 3)]).toMatchObject({
      status: 'failed',
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    await store.getState().loadCaptureImage('r1', 3);
    expect(store.getState().captureImages[captureImageKey('r1', 3)]).toMatchObject({ status: 'ready' });
    expect(client.callsTo('evidence:image')).toHaveLength(2);
  });
});
