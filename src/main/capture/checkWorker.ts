// The capture check's worker thread: answers each request with checkPanelInCaptureStreamed's result (bundled on its own as
// captureCheckWorker.js next to each entry bundle; see checkPool.ts).
import { parentPort } from 'node:worker_threads';
import { checkPanelInCaptureStreamed } from './captureCheck';
import { answerCheck, type CheckRequest } from './checkPool';

parentPort?.on('message', (request: CheckRequest) => {
  void answerCheck(request, checkPanelInCaptureStreamed).then((reply) => parentPort?.postMessage(reply));
});
