import type { ReadinessStepId } from '@vault/domain';

/** Typed telemetry events (PRODUCT.md decision 9). The transport is pluggable: a sink. */
export type TelemetryEvent =
  | { type: 'click:cta'; context: { step: ReadinessStepId; page?: string } }
  | { type: 'funded-member'; context: { userId: string } };

export type RecordedEvent = TelemetryEvent & { at: string };
export type TelemetrySink = (event: RecordedEvent) => void;

const recorded: RecordedEvent[] = [];
/** Keep the in-memory log bounded; it is for inspection, not storage. */
const MAX_RECORDED = 200;

/** The default sink: keeps events in memory and logs them in development. */
export const memorySink: TelemetrySink = (event) => {
  recorded.push(event);
  if (recorded.length > MAX_RECORDED) recorded.shift();
  if (import.meta.env?.DEV) console.debug('[telemetry]', event.type, event.context);
};

let sink: TelemetrySink = memorySink;

/** Replaces the sink (stories and tests capture events this way); returns a function that restores the previous one. */
export function setTelemetrySink(next: TelemetrySink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

export function track(event: TelemetryEvent): void {
  try {
    sink({ ...event, at: new Date().toISOString() });
  } catch (error) {
    // Telemetry must never break the action that raised it.
    console.error('[telemetry] sink failed', error);
  }
}

/** Events the default sink has kept, oldest first. */
export function recordedEvents(): readonly RecordedEvent[] {
  return recorded;
}
