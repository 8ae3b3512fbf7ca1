export interface Logger {
  info(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
}

/** One JSON line per event, so the platform's log search can filter by correlationId. */
export const jsonLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
};

/** The text of anything thrown, for logs only (never for an answer). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
