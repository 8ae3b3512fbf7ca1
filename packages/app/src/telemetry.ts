import type { ReadinessStepId } from '@vault/domain';

/** Typed telemetry events (docs/decisions.md (9)). The transport is pluggable: a sink. */
export type TelemetryEvent =
  | { type: 'click:cta'; context: { step: ReadinessStepId; page?: string } }
  | { type: 'funded-member'; context: { userId: string } };

type RecordedEvent = TelemetryEvent & { at: string };
type TelemetrySink = (event: RecordedEvent) => void;

/** The default sink: logs events in development; a real transport replaces it (setTelemetrySink). */
const consoleSink: TelemetrySink = (event) => {
  if (import.meta.env?.DEV) console.debug('[telemetry]', event.type, event.context);
};

let sink: TelemetrySink = consoleSink;

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
