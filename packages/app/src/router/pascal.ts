import type { ScreenKey } from '@vault/domain';

/** The folder name of a screen: 'kycVerification' lives in screens/KycVerification. */
export function pascalKey(key: ScreenKey): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}
