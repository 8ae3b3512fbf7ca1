// The pixel comparison of the visual check (shots.ts), in a worker thread. The test-runner runs
// shots.ts inside Jest's sandbox, where pngjs and pixelmatch run several times slower than in
// plain Node; a worker thread is plain Node.
// Message in: { id, actual, expected, threshold, maxChangedRatio } (PNG bytes); out: { id, changed,
// diff }: how many pixels changed, and the diff image as PNG bytes when more than maxChangedRatio
// of the pixels changed (a failure), else null.
import { parentPort } from 'node:worker_threads';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

if (!parentPort) throw new Error('compare.mjs runs as a worker thread of visual/shots.ts');
const port = parentPort;

port.on('message', ({ id, actual, expected, threshold, maxChangedRatio }) => {
  try {
    const a = PNG.sync.read(Buffer.from(actual));
    const e = PNG.sync.read(Buffer.from(expected));
    const { width, height } = a;
    if (width !== e.width || height !== e.height) {
      // Another size: every pixel counts as changed; the actual shot stands in for the diff.
      port.postMessage({ id, changed: Math.max(width * height, e.width * e.height), diff: Buffer.from(actual) });
      return;
    }
    const diff = new PNG({ width, height });
    const changed = pixelmatch(a.data, e.data, diff.data, width, height, { threshold });
    const failed = changed > maxChangedRatio * width * height;
    port.postMessage({ id, changed, diff: failed ? PNG.sync.write(diff) : null });
  } catch (error) {
    port.postMessage({ id, error: String(error) });
  }
});
