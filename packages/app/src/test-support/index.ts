export { recordedRpc } from '../../../../mocks/story';
export {
  consoleListStates,
  expectReasonRequiredThenSent,
  expectRefusalKeepsDialog,
  findConsoleTable,
  openConsoleRow,
  openRowByKeyboard,
  rpcListHandlers,
  storySubscriptions,
} from './consoleStories';
export { type AppStoryParameters, withApp } from './decorators';
export { expectNavigatedTo, expectToast, SLOW } from './expect';
export { FullApp } from './FullApp';
export { nudgeCallToActionStory } from './nudge';
export { storyBalance, storyInvestments, storyPositionHistory, storyPositions } from './portfolio';
export { adminSession, sessionAs, signedOutSession, storyUsers } from './sessions';
export { captureTelemetry } from './telemetry';
