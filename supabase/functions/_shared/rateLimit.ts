import { isRecord } from './http.ts';
import type { PostgrestClient } from './postgrest.ts';

/**
 * The per-user rate limit in front of every paid provider call: a fixed window per (user,
 * function) in `public.function_rate_limits`, counted by the SQL function
 * `public.function_rate_limit_hit` (supabase/schemas/04_rate_limits.sql), which
 * only the service role may execute.
 */

export interface RateLimit {
  maxCalls: number;
  windowSeconds: number;
}

interface RateLimitAnswer {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one call and answers whether it is within the limit. */
  hit(userId: string, fn: string, limit: RateLimit, signal: AbortSignal): Promise<RateLimitAnswer>;
}

export function postgrestRateLimiter(client: PostgrestClient): RateLimiter {
  return {
    async hit(userId, fn, limit, signal) {
      const rows = await client.rpc(
        'function_rate_limit_hit',
        { user_id: userId, fn, max_calls: limit.maxCalls, window_seconds: limit.windowSeconds },
        { signal },
      );
      const row: unknown = Array.isArray(rows) ? rows[0] : rows;
      if (!isRecord(row) || typeof row.allowed !== 'boolean' || typeof row.retry_after_seconds !== 'number') {
        throw new Error('function_rate_limit_hit answered no row');
      }
      return { allowed: row.allowed, retryAfterSeconds: row.retry_after_seconds };
    },
  };
}
