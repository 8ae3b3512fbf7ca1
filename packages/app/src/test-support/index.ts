export {
  consoleListStates,
  expectReasonRequiredThenSent,
  expectRefusalBesideButtons,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  recordedRpc,
  rpcListHandlers,
  storySubscriptions,
} from './consoleStories';
export { type AppStoryParameters, withApp } from './decorators';
export { expectNavigatedTo, expectToast, SLOW } from './expect';
export { FullApp } from './FullApp';
export { nudgeCallToActionStory } from './nudge';
export { adminSession, sessionAs, signedOutSession, storyUsers } from './sessions';
export { forgetSignaturesOf, seedSignature } from './signatures';
export { captureTelemetry } from './telemetry';
