import { OPPORTUNITIES_LOADING_MS, RETRY_LOADING_MS, walletFunction } from '@vault/domain';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { currentTableScenario, currentWalletScenario } from './scenario';

/**
 * What the embedded backend's transport does, in the page, before a request reaches the database
 * in the worker: the waits a network would add, and the failures of the scenario switch
 * (scenario.ts) that a server never chooses: the wallet provider failing, a table that errors,
 * stays loading or comes back empty. Everything else is the database's to answer.
 */

/** Sent by the app on a Retry of a table in a mock build (packages/app/src/backend/tables.ts). */
const RETRY_HEADER = 'x-vault-retry';
/** A member's own row (the profile): quick, as a primary-key read is. */
const ROW_CALL_MS = 50;
/** Long enough for the wallet's 'creating' state to be seen, short enough for tests. */
const WALLET_CALL_MS = 300;

const BASE = '*/mock-supabase';

/** Marks every answer of the embedded backend, so the app tells it from the static server's (backendStart.ts). */
const EMBEDDED_HEADER = 'x-vault-backend';

function marked(response: Response): Response {
  if (response.type === 'error') return response;
  const headers = new Headers(response.headers);
  headers.set(EMBEDDED_HEADER, 'embedded');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Whether a response came from the embedded backend (its transport marked it). */
export function answeredByEmbeddedBackend(response: Response): boolean {
  return response.headers.get(EMBEDDED_HEADER) === 'embedded';
}

export function transportHandlers(answerUnmarked: (request: Request) => Promise<Response>): HttpHandler[] {
  const answer = async (request: Request) => marked(await answerUnmarked(request));
  return [
    http.post(`${BASE}/functions/v1/${walletFunction.name}`, async ({ request }) => {
      const scenario = currentWalletScenario();
      await delay(WALLET_CALL_MS);
      switch (scenario) {
        case 'failure':
          return marked(HttpResponse.json({ success: false, error: 'Wallet provider is temporarily unavailable' }));
        case 'serverError':
          return marked(HttpResponse.json({ error: 'Internal server error' }, { status: 500 }));
        case 'networkError':
          return HttpResponse.error();
        case 'invalidJson':
          return marked(
            new HttpResponse('{"success": true, "walletId": ', { headers: { 'Content-Type': 'application/json' } }),
          );
        case 'noWalletId':
          return marked(HttpResponse.json({ success: true }));
        case 'success':
          return answer(request);
      }
    }),
    http.get(`${BASE}/rest/v1/:table`, async ({ request, params }) => {
      const table = String(params.table);
      if (table === 'profiles') {
        await delay(ROW_CALL_MS);
        return answer(request);
      }
      const scenario = currentTableScenario(table);
      if (scenario === 'loading') await delay('infinite');
      await delay(request.headers.get(RETRY_HEADER) === '1' ? RETRY_LOADING_MS : OPPORTUNITIES_LOADING_MS);
      if (scenario === 'error') return marked(HttpResponse.json({ message: 'Service unavailable' }, { status: 500 }));
      if (scenario === 'empty') return marked(HttpResponse.json([]));
      return answer(request);
    }),
    http.all(`${BASE}/*`, ({ request }) => answer(request)),
  ];
}
