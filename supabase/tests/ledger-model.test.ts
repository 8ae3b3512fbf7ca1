import type { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, createCallers } from './actors';
import { asActor, seededDb } from './db';
import { type Cash, commands, members } from './ledgerModel';
import { makeReadyToInvest } from './ledgerSupport';

/**
 * The ledger against the simple model of ledgerModel.ts (fast-check's model-based testing): after
 * every random operation each member's balance equals the model's and public.ledger_verify()
 * (invariants 1 to 6 of docs/ledger.md) answers null.
 *
 * Every run makes 10,000 operations in sequences of at most 60 (LEDGER_OPS sets another count). A
 * failure prints fast-check's seed and path; `LEDGER_SEED=<seed>` (and LEDGER_PATH=<path>) replays it.
 */

const OPS = Number(process.env.LEDGER_OPS ?? 10_000);
const SEQUENCE = 60;
const SEED = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : undefined;
const PATH = process.env.LEDGER_PATH;

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

describe('the ledger against a model', () => {
  it(`holds balances and invariants over ${OPS} random operations`, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: SEQUENCE, size: 'max' }), async (cmds) => {
        await asActor(db, 'service_role', async (tx) => {
          const accounts = { investorA: callers.investorA, investorB: callers.investorB };
          for (const w of members) await makeReadyToInvest(tx, accounts[w]);
          const fresh = (): Cash => ({ posted: 0, held: 0, receivable: 0, onramp: true });
          await fc.asyncModelRun(
            () => ({
              model: {
                cash: { investorA: fresh(), investorB: fresh() },
                payments: [],
                investments: [],
                withdrawals: [],
                holds: [],
                batches: [],
                counter: 0,
              },
              real: { tx, accounts, callers },
            }),
            cmds,
          );
          steps += [...cmds].length;
        });
      }),
      {
        numRuns: Math.max(1, Math.ceil(OPS / SEQUENCE)),
        ...(SEED === undefined ? {} : { seed: SEED }),
        ...(PATH === undefined ? {} : { path: PATH }),
        verbose: 1,
      },
    );
    expect(steps).toBeGreaterThan(0);
  }, 1_800_000);
});
