export { type AppStoryParameters, withApp } from './decorators';
export { adminSession, sessionAs, signedOutSession, storyUsers } from './sessions';
export { captureTelemetry } from './telemetry';
