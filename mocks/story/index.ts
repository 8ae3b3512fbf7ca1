import type { HttpHandler } from 'msw';
import { storyAuthHandlers } from './auth';
import { storyFunctionHandlers } from './functions';
import { storyProviderHandlers } from './providers';
import { storyRestHandlers } from './rest';
import { storyRpcHandlers } from './rpc';

/**
 * Storybook's backend: stateless canned answers, typed by the contract in @vault/domain. Every
 * answer comes from the request (its token, its filters) and the domain's sample data, so no story
 * depends on what another left behind. A story gives its own answers with `parameters.msw`.
 */
export const storyHandlers: HttpHandler[] = [
  ...storyAuthHandlers,
  ...storyFunctionHandlers,
  ...storyProviderHandlers,
  ...storyRpcHandlers,
  ...storyRestHandlers,
];

export { authAnswers } from './auth';
export { kycSessionAnswers, onrampSessionAnswers, walletAnswers } from './functions';
export { demoDecisions, demoProviderAnswers } from './providers';
export { RETRY_HEADER, tableAnswers } from './rest';
export { recordedRpc, rpcAnswer, rpcLoading, rpcRefusal } from './rpc';
export { storySession } from './session';
