import { readFile } from 'node:fs/promises';
import { formatDate, formatEuros, investmentQuote, offeringTermEnd, redemptionFeeCents } from '@vault/domain';
import { callAsMember, serverRows } from './backendCalls';
import { expect, main, movePageClock, test, toast } from './fixtures';
import {
  approve,
  closeOffering,
  DAY,
  draftAndSubmit,
  offeringId,
  onboardCompanyInvestor,
  subscribe,
  type Terms,
} from './offeringSteps';
import { expectWalletFigures, signInAs, signOut } from './steps';

/**
 * After the issue, across roles, on the embedded backend's SQL (docs/lifecycle.md): the SPV
 * records the income the offering received, values the units and declares a distribution,
 * mfo_admin pays it (four eyes), the investor finds the cash on /wallet and the income on
 * /placements, and opens the quarter's statement on /documents, whose CSV carries the same cents.
 * Past the lock-up (the page's clock, which the SQL and its scheduled jobs follow), the investor
 * redeems part, the SPV approves it at the server's quote, and the cash arrives net of the 2%
 * early redemption fee. Mature waits for the end of the term, whose day it says. At the end, the
 * offering's account holds less than the units left at the last price, so the schedule leaves it
 * to the SPV: Mature is refused, the sale of the asset arrives, Mature pays, the list reads
 * Matured, and the investor finds the cash and the position Matured.
 */

const UNIT_PRICE_CENTS = 11_000;
const DISTRIBUTION_CENTS = 50_000;
/** The investor is a company in the Netherlands: 15% withheld from income. */
const WITHHELD_CENTS = 7_500;
const REDEEMED_UNITS = 4;
const INCOME_CENTS = 100_000;
/** The price the SPV sets two years on, at which maturity pays the units left. */
const FINAL_PRICE_CENTS = 20_000;
const SALE_CENTS = 100_000;

/** A date field's value: the day of `time`, as the forms count days (UTC). */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first day of the quarter after the one `time` falls in, past midnight UTC. */
function nextQuarterStart(time: number): number {
  const day = new Date(time);
  const quarter = Math.floor(day.getUTCMonth() / 3);
  return Date.UTC(day.getUTCFullYear(), quarter * 3 + 3, 1, 6);
}

test('an issued offering priced, paid out, reported and redeemed across roles', async ({ page, watch }) => {
  test.slow();
  await page.clock.install();
  const now = Date.now();
  const offering: Terms = { name: 'Faro Heat Network', minTargetEuros: 1_000, deadline: now + 30 * DAY };
  const total = investmentQuote(100_000, 'bank').totalCents;

  // An issued offering: 10 units at €100 held by the investor, locked up for 24 months.
  await onboardCompanyInvestor(page);
  await signInAs(page, 'eq_spv_admin');
  await draftAndSubmit(page, offering, now);
  await signOut(page);
  await signInAs(page, 'mfo_admin');
  await approve(page, offering.name);
  const id = await offeringId(page, offering.name);
  await signOut(page);
  await signInAs(page, 'investor');
  await subscribe(page, id);
  await signOut(page);
  await signInAs(page, 'eq_spv_admin');
  await closeOffering(page, offering.name);

  // The SPV values the units at €110 today and declares €500 of income to the holders of today.
  const price = main(page).getByRole('form', { name: 'Set unit price' });
  await price.getByLabel('Unit price (€)').fill('110');
  await expect(price.getByLabel('As of (UTC)')).toHaveValue(utcDay(now));
  await price.getByLabel('Reason').fill('Valuation after the issue');
  await price.getByRole('button', { name: 'Set unit price' }).click();
  await expect(price.getByRole('status')).toContainText(`Unit price set: ${formatEuros(UNIT_PRICE_CENTS)} as of`);
  // The heat network's first year of sales reaches the offering's account, where distributions are paid from.
  const income = main(page).getByRole('form', { name: 'Record income received' });
  await income.getByLabel('Amount (€)').fill('1000');
  await income.getByLabel('Received on (UTC)').fill(utcDay(now));
  await income.getByLabel('Reference').fill('HEAT-SALES-1');
  await income.getByRole('button', { name: 'Record income' }).click();
  await expect(income.getByRole('status')).toContainText(`Income recorded: ${formatEuros(INCOME_CENTS)} received on`);
  // The subscriptions' principal and the income.
  await expect(main(page).getByText("The offering's account may pay")).toContainText(
    formatEuros(100_000 + INCOME_CENTS),
  );
  const declaration = main(page).getByRole('form', { name: 'Declare distribution' });
  await declaration.getByLabel('Record date (UTC)').fill(utcDay(now));
  await declaration.getByLabel('Amount (€)').fill('500');
  await declaration.getByRole('button', { name: 'Declare distribution' }).click();
  const lines = main(page).getByRole('table', { name: 'Declared lines' });
  await expect(lines).toContainText(formatEuros(DISTRIBUTION_CENTS - WITHHELD_CENTS));
  // The SPV declares but never pays: paying is someone else's.
  const distributions = main(page).getByRole('table', { name: `Distributions of ${offering.name}` });
  await expect(distributions).toContainText('Awaiting payment');
  await expect(distributions.getByRole('button', { name: /^Pay the income of/ })).toHaveCount(0);
  await signOut(page);

  // mfo_admin pays it.
  await signInAs(page, 'mfo_admin');
  await page.goto('/offerings');
  await main(page)
    .getByRole('table', { name: 'Offerings' })
    .getByRole('button', { name: `Open ${offering.name}` })
    .click();
  const payable = main(page).getByRole('table', { name: `Distributions of ${offering.name}` });
  await payable.getByRole('button', { name: /^Pay the income of/ }).click();
  await page
    .getByRole('dialog', { name: /^Pay the income of/ })
    .getByRole('button', { name: 'Pay' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Paid' })).toContainText(
    `Paid ${formatEuros(DISTRIBUTION_CENTS)} to 1 holder`,
  );
  await signOut(page);

  // The investor: the net income in the cash, and on the position.
  const net = DISTRIBUTION_CENTS - WITHHELD_CENTS;
  let cash = 2_000_000 - total + net;
  await signInAs(page, 'investor');
  await expectWalletFigures(page, cash, 0);
  await page.goto(`/placements?position=${encodeURIComponent(id)}`);
  const position = main(page).getByRole('region', { name: offering.name });
  await expect(position.getByText(`${formatEuros(net)} received after tax withheld.`)).toBeVisible();
  // The same cents in the position's row, from its history (my_position_history).
  const withIncome = main(page)
    .getByRole('table', { name: 'Positions' })
    .getByRole('row')
    .filter({ hasText: offering.name });
  await expect(withIncome).toContainText(formatEuros(net));
  await signOut(page);

  // The quarter ends: its statement of assets falls due. Opening it is recorded; its CSV has the cents.
  await movePageClock(page, nextQuarterStart(now));
  await signInAs(page, 'investor');
  await page.goto('/documents');
  const statements = main(page).getByRole('list', { name: 'Statements' });
  const quarter = `Q${Math.floor(new Date(now).getUTCMonth() / 3) + 1} ${new Date(now).getUTCFullYear()}`;
  const title = `Statement of assets ${quarter}`;
  await expect(statements.getByRole('heading', { name: title })).toBeVisible();
  const download = page.waitForEvent('download');
  await statements.getByRole('button', { name: `Download CSV of ${title}` }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  await expect(toast(page, `Download started: ${title} (CSV)`)).toBeVisible();
  expect(csv).toContain(offering.name);
  expect(csv).toContain((net / 100).toFixed(2));
  expect(csv).toContain((UNIT_PRICE_CENTS / 100).toFixed(2));
  const viewed = await serverRows(page, 'audit_events?action=eq.statement.viewed&select=subject_id');
  expect(viewed.length).toBeGreaterThan(0);
  await signOut(page);

  // Past the 24-month lock-up, the investor asks to redeem 4 units at today's €110.
  await movePageClock(page, now + 2 * 366 * DAY);
  const grossCents = REDEEMED_UNITS * UNIT_PRICE_CENTS;
  const feeCents = redemptionFeeCents(grossCents, 200);
  await signInAs(page, 'investor');
  await page.goto(`/placements?position=${encodeURIComponent(id)}`);
  await main(page)
    .getByRole('region', { name: offering.name })
    .getByRole('button', { name: 'Redeem', exact: true })
    .click();
  const redeem = main(page).getByRole('form', { name: `Redeem units of ${offering.name}` });
  await redeem.getByLabel('Units to redeem').fill(String(REDEEMED_UNITS));
  await expect(redeem.getByText(/You would receive/)).toContainText(formatEuros(grossCents - feeCents));
  await redeem.getByRole('button', { name: 'Ask to redeem' }).click();
  await expect(
    main(page).getByText(`Your request to redeem ${REDEEMED_UNITS} units of ${offering.name}`),
  ).toBeVisible();
  await signOut(page);

  // The SPV's queue quotes it as the server would pay it; the SPV approves.
  await signInAs(page, 'eq_spv_admin');
  await page.goto('/offerings');
  const queue = main(page).getByRole('table', { name: 'Redemptions' });
  const request = queue.getByRole('row').filter({ hasText: offering.name });
  await expect(request).toContainText(
    `${formatEuros(grossCents)} less ${formatEuros(feeCents)} fee: ${formatEuros(grossCents - feeCents)}`,
  );
  await request.getByRole('button', { name: /^Approve / }).click();
  await page
    .getByRole('dialog', { name: /redemption$/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(main(page).getByRole('status').filter({ hasText: 'approved' })).toContainText(
    `redemption of ${REDEEMED_UNITS} units approved.`,
  );

  // Mature waits for the end of the term: the close plus its 60 months.
  await main(page)
    .getByRole('table', { name: 'Offerings' })
    .getByRole('button', { name: `Open ${offering.name}` })
    .click();
  const [record] = await serverRows(page, `offering_records?opportunity_id=eq.${id}&select=decided_at`);
  const term = offeringTermEnd(String(record?.decided_at), 60, new Date(now));
  if (!term) throw new Error('the issued offering records its close');
  let maturity = main(page).getByRole('region', { name: 'Maturity' });
  await expect(maturity).toContainText(`Matures on ${formatDate(term.endsAt.toISOString())}.`);
  await expect(maturity.getByRole('button', { name: 'Mature' })).toBeDisabled();
  // Valued at €200 from now on: more than the offering's account will hold for the units left.
  const revalue = main(page).getByRole('form', { name: 'Set unit price' });
  await revalue.getByLabel('Unit price (€)').fill(String(FINAL_PRICE_CENTS / 100));
  await revalue.getByLabel('Reason').fill('Valuation after two years');
  await revalue.getByRole('button', { name: 'Set unit price' }).click();
  await expect(revalue.getByRole('status')).toContainText(`Unit price set: ${formatEuros(FINAL_PRICE_CENTS)} as of`);
  await signOut(page);

  // The cash arrives net of the 2% fee; the position holds the rest.
  cash += grossCents - feeCents;
  await signInAs(page, 'investor');
  await expectWalletFigures(page, cash, 0);
  await page.goto('/placements');
  const held = main(page).getByRole('table', { name: 'Positions' }).getByRole('row').filter({ hasText: offering.name });
  await expect(held).toContainText(String(10 - REDEEMED_UNITS));
  await signOut(page);

  // Past the 60-month term: the account holds less than the 6 units left at €200, so the schedule
  // leaves the offering to its SPV, whose Mature is refused until the sale of the asset arrives.
  const atTerm = await movePageClock(page, now + 61 * 31 * DAY);
  const maturityCents = (10 - REDEEMED_UNITS) * FINAL_PRICE_CENTS;
  await signInAs(page, 'eq_spv_admin');
  await page.goto('/offerings');
  await main(page)
    .getByRole('table', { name: 'Offerings' })
    .getByRole('button', { name: `Open ${offering.name}` })
    .click();
  maturity = main(page).getByRole('region', { name: 'Maturity' });
  await expect(maturity).toContainText(`Its term ended on ${formatDate(term.endsAt.toISOString())}`);
  await maturity.getByRole('button', { name: 'Mature' }).click();
  const summary = page.getByRole('dialog', { name: `Mature ${offering.name}` });
  await expect(summary).toContainText(formatEuros(maturityCents));
  watch.allow(/\/rpc\/mature_offering$/);
  await summary.getByRole('button', { name: 'Mature' }).click();
  await expect(summary.getByRole('alert')).toContainText("the offering's account holds less than the payment");
  await summary.getByRole('button', { name: 'Cancel' }).click();
  const sale = main(page).getByRole('form', { name: 'Record income received' });
  await sale.getByLabel('Amount (€)').fill(String(SALE_CENTS / 100));
  await sale.getByLabel('Received on (UTC)').fill(utcDay(atTerm));
  await sale.getByLabel('Reference').fill('HEAT-NETWORK-SALE');
  await sale.getByRole('button', { name: 'Record income' }).click();
  await expect(sale.getByRole('status')).toContainText(`Income recorded: ${formatEuros(SALE_CENTS)} received on`);
  // The same call again: it pays once (the schedule may have paid it since; the answer is the same).
  await maturity.getByRole('button', { name: 'Mature' }).click();
  await summary.getByRole('button', { name: 'Mature' }).click();
  await expect(maturity.getByRole('status')).toContainText(
    `${offering.name} matured: ${formatEuros(maturityCents)} paid to 1 holder, 6 units at ${formatEuros(FINAL_PRICE_CENTS)} a unit.`,
  );
  await expect(
    main(page).getByRole('table', { name: 'Offerings' }).getByRole('row').filter({ hasText: offering.name }),
  ).toContainText('Matured');
  await signOut(page);

  // The investor: the units left paid into the cash, to the cent, and the position Matured.
  cash += maturityCents;
  await signInAs(page, 'investor');
  await expectWalletFigures(page, cash, 0);
  await page.goto('/placements');
  const matured = main(page)
    .getByRole('table', { name: 'Positions' })
    .getByRole('row')
    .filter({ hasText: offering.name });
  await expect(matured).toContainText('Matured');
  await signOut(page);

  // The ledger's invariants hold after it all (ledger_verify answers null when they do).
  await signInAs(page, 'mfo_admin');
  expect(await callAsMember(page, 'ledger_verify', {})).toEqual({ status: 200, body: null });
  watch.expectClean();
});
