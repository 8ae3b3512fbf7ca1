import { useEffect, useState } from 'react';
import { useSessionStore } from '../../session/context';

/** What the member's own `kyc_cases` row tells the KYC screen. */
export type KycCase = { state: 'loading' } | { state: 'error'; error: string } | { state: 'ok'; reason: string | null };

function reasonOf(row: unknown): string | null {
  if (typeof row !== 'object' || row === null) return null;
  const { reason } = row as { reason?: unknown };
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

/**
 * The reason of the member's last KYC decision (a rejection or a resubmission request), read from
 * their own `kyc_cases` row, again whenever `status` changes. Only read when `enabled`.
 */
export function useKycCase(userId: string | undefined, status: string, enabled: boolean): KycCase {
  const store = useSessionStore();
  const [result, setResult] = useState<KycCase>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status means a new decision, and a new reason to read.
  useEffect(() => {
    if (!enabled || !userId) return;
    let current = true;
    setResult({ state: 'loading' });
    void (async () => {
      const loaded = await store.backend();
      if (!loaded.ok) {
        if (current) setResult({ state: 'error', error: loaded.error });
        return;
      }
      const answer = await loaded.backend.readKycCase(userId);
      if (!current) return;
      setResult(answer.ok ? { state: 'ok', reason: reasonOf(answer.row) } : { state: 'error', error: answer.error });
    })();
    return () => {
      current = false;
    };
  }, [store, userId, status, enabled]);
  return result;
}
