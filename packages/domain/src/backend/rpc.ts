import * as v from 'valibot';
import { MIN_FIRST_ONRAMP_EUR } from '../constants';
import { parseTable } from '../table';

/**
 * The demo functions (PostgREST `/rest/v1/rpc/<name>`), security definer in the database. Each
 * changes only the caller's own profile row and only while `app_settings.demo_mode` is on;
 * otherwise it raises `demoErrors.off` (docs/backend.md).
 */
export const demoFunctionNames = [
  'demo_approve_kyc',
  'demo_complete_first_onramp',
  'demo_reset_first_onramp',
  'demo_create_wallet',
] as const;
export type DemoFunctionName = (typeof demoFunctionNames)[number];

const DemoFunctionSchema = v.object({
  name: v.picklist(demoFunctionNames),
  /** Argument names, in order, as PostgREST expects them in the JSON body. */
  args: v.array(v.picklist(['amount_cents'])),
  /** 'profile': the caller's updated profile row; 'wallet-id': the wallet id as a string. */
  returns: v.picklist(['profile', 'wallet-id']),
});
export type DemoFunction = v.InferOutput<typeof DemoFunctionSchema>;

export const demoFunctions: readonly DemoFunction[] = parseTable('demo function', DemoFunctionSchema, [
  { name: 'demo_approve_kyc', args: [], returns: 'profile' },
  { name: 'demo_complete_first_onramp', args: ['amount_cents'], returns: 'profile' },
  { name: 'demo_reset_first_onramp', args: [], returns: 'profile' },
  { name: 'demo_create_wallet', args: [], returns: 'wallet-id' },
]);

/** The smallest first on-ramp `demo_complete_first_onramp` accepts, in cents. */
export const MIN_FIRST_ONRAMP_CENTS = MIN_FIRST_ONRAMP_EUR * 100;

/** What `demo_approve_kyc` sets `kyc_status` to. */
export const KYC_APPROVED = 'approved';

/** Every wallet id `demo_create_wallet` makes starts with this. */
export const DEMO_WALLET_PREFIX = 'demo-wallet-';

/** The one-row `public.app_settings` table: readable by anon and authenticated, written by no client. */
export const APP_SETTINGS_TABLE = 'app_settings';
