/**
 * `app_settings` of the embedded backend: demo mode is always on (docs/decisions.md (17)). Only the
 * conformance test turns it off, to play the scenarios of a project with demo mode off.
 */
export const mockSettings = { demoMode: true };
