import { fn } from 'storybook/test';
import { setTelemetrySink } from '../telemetry';

/**
 * Captures telemetry for one story as a spy (docs/decisions.md (9)), e.g. in `beforeEach`:
 * `const events = captureTelemetry(); return events.restore;` then in play
 * `expect(events.sink).toHaveBeenCalledWith(expect.objectContaining({ type: 'click:cta' }))`.
 */
export function captureTelemetry() {
  const sink = fn().mockName('telemetry');
  const restore = setTelemetrySink(sink);
  return { sink, restore };
}
