import { type BackendError, httpStatusFor } from '@vault/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { KYC_CASES_TABLE } from './actions/kyc';
import { identify } from './identity';
import { mockDb } from './state';

/**
 * Reads of rows the server actions write that are not sample tables: `kyc_cases` (the member's
 * own row; compliance, mfo_admin and the admin flag every row, as its policy in
 * supabase/schemas/06_kyc_and_payments.sql says; anon holds no grant). The `eq` filter and `.maybeSingle()` are
 * the parts of PostgREST the app uses here.
 */
function refusal(error: BackendError, signedIn: boolean): Response {
  return HttpResponse.json(
    { code: error.code, message: error.message, details: null, hint: null },
    { status: httpStatusFor(error.code, signedIn) },
  );
}

const kycCasesRead: HttpHandler = http.get(`*/rest/v1/${KYC_CASES_TABLE}`, async ({ request }) => {
  const caller = await identify(request);
  if (caller.kind === 'refused') return refusal({ code: 'PGRST301', message: 'JWT could not be verified' }, false);
  if (caller.kind !== 'member') {
    return refusal({ code: '42501', message: `permission denied for table ${KYC_CASES_TABLE}` }, false);
  }
  const { role, isAdmin } = caller.reader;
  const readsAll = isAdmin || role === 'compliance' || role === 'mfo_admin';
  const url = new URL(request.url);
  const wanted = url.searchParams.get('member_id');
  const rows = mockDb
    .serverRows(KYC_CASES_TABLE)
    .filter((row) => readsAll || row.member_id === caller.id)
    .filter((row) => !wanted?.startsWith('eq.') || row.member_id === wanted.slice(3));
  const select = url.searchParams.get('select');
  const columns = select && select !== '*' ? select.split(',').map((c) => c.trim()) : null;
  const projected = columns ? rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))) : rows;
  if ((request.headers.get('Accept') ?? '').includes('application/vnd.pgrst.object+json')) {
    if (projected.length !== 1) {
      return HttpResponse.json(
        {
          code: 'PGRST116',
          message: 'JSON object requested, multiple (or no) rows returned',
          details: `The result contains ${projected.length} rows`,
          hint: null,
        },
        { status: 406 },
      );
    }
    return HttpResponse.json(projected[0]);
  }
  return HttpResponse.json(projected);
});

export const serverReadHandlers: HttpHandler[] = [kycCasesRead];
